// The video module's face: video calls of consultations (issue 13).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export {
  hangUpCall,
  type PatientCallDeps,
  placeCall,
  type StaffCallDeps,
} from './video.service.ts';
