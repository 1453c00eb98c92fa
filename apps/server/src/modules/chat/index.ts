// The chat module's face: a patient's chats with the hospital (issue 12).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { type ChatDeps, type ChatView, queryChats, sendChat } from './chat.service.ts';
