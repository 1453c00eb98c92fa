export {
  SNIFF_HEAD_BYTES,
  SNIFF_TAIL_BYTES,
  hidesAnotherFile,
  isPolyglot,
  sniffType,
  sniffedKind,
  type SniffedKind,
  type SniffedType,
} from './sniff.ts';
