import { builder } from '../../graphql/builder.ts';
import type { ChatNoteView, ChatView } from './chat.service.ts';

/* The GraphQL types of a chat, shared by the patient's operations and the staff inbox. */

const ChatNoteExtensionsRef = builder
  .objectRef<ChatNoteView['extensions']>('ChatNoteExtensions')
  .implement({
    description: 'A note\'s extensions (spec doc 1 §3): plain text, never HTML.',
    fields: (t) => ({
      event: t.exposeString('event', { nullable: true }),
      imageUrl: t.exposeString('imageUrl', { nullable: true, description: "'/blob/get/{blob id}': read through the blob service." }),
      description: t.exposeString('description', { nullable: true }),
      hospitalId: t.exposeString('hospitalId', { nullable: true }),
    }),
  });

export const ChatNoteRef = builder.objectRef<ChatNoteView>('ChatNote').implement({
  description: 'A note of a chat: message, event or documentUpload (spec doc 1 §3 Chat communication).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'message, event or documentUpload.' }),
    authorRef: t.exposeString('authorRef', { description: "'Patient/{id}' for the patient, 'User/{id}' for a staff member." }),
    message: t.exposeString('message', { nullable: true, description: 'The text exactly as sent: render it as text.' }),
    timestamp: t.expose('timestamp', { type: 'DateTime', description: 'When the server stored it.' }),
    extensions: t.field({ type: ChatNoteExtensionsRef, resolve: (note) => note.extensions }),
    payload: t.exposeString('payload', {
      description: 'The note as the spec\'s base64 JSON: authorRef, message, timestamp, extensions.',
    }),
  }),
});

export const ChatCommunicationRef = builder.objectRef<ChatView>('ChatCommunication').implement({
  description: 'A chat with hospital staff (spec doc 1 §3 Chat communication, §4 Chat session with staff).',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status', { description: 'preparation, in_progress, suspended, completed or entered_in_error.' }),
    statusText: t.exposeString('statusText', {
      nullable: true,
      description: "What the patient sees: 'connecting to hospital staff' (preparation), 'all staff busy' (suspended); else null.",
    }),
    state: t.exposeString('state', { nullable: true }),
    createdTime: t.expose('createdTime', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    sender: t.exposeString('sender', { nullable: true, description: "'Patient/{id}'." }),
    recipient: t.exposeString('recipient', { nullable: true, description: "'Organization/{id}' while waiting, 'User/{id}' once taken." }),
    hospitalId: t.exposeID('hospitalId', { nullable: true }),
    patientId: t.exposeID('patientId', { nullable: true }),
    rating: t.exposeInt('rating', { nullable: true, description: '1 happy, 0 unhappy; null until rated.' }),
    unreadCount: t.exposeInt('unreadCount', { description: "The other side's notes after this side's last note." }),
    typing: t.exposeString('typing', {
      nullable: true,
      description: "On a live delivery for a typing indicator: who is typing ('staff' or 'patient'); null otherwise.",
    }),
    note: t.field({ type: [ChatNoteRef], resolve: (chat) => chat.note }),
  }),
});
