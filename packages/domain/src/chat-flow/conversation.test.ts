import { describe, expect, it } from 'vitest';
import { chatConversationToKeep, type ChatLine } from './conversation.ts';

// Issue 29 §12: the saved conversation is the one a patient expects to see again.

type Line = ChatLine & { text: string };
const line = (text: string, flow: number, role?: ChatLine['role'], author = 'assistant'): Line => ({ text, flow, author, ...(role ? { role } : {}) });
const said = (text: string, flow: number, role?: ChatLine['role']): Line => line(text, flow, role, 'patient');

const signIn = [
  line('Good morning', 0),
  line('Please type your mobile number to sign in.', 0, 'sign-in'),
  said('+94771234567', 0, 'sign-in'),
  line('I sent a verification code by SMS to +94771234567.', 0, 'sign-in'),
  line('There may be SMS delays. Please wait and check again your SMS', 0, 'sign-in'),
  said('1234', 0, 'sign-in'),
  line("I couldn't find a profile for this number. Add your profile to continue.", 0, 'registration-prompt'),
  line('How can I help you today?', 0),
];
const booked = [
  said('Book a Doctor', 1),
  line('How would you like to find your doctor?', 1),
  said('Search by doctor name', 1),
  said('Dr. Nimal Perera', 1),
  said('Mrs Chandra Wijesinghe', 1),
  line('Your appointment is booked.', 1, 'finish'),
  line('(card)', 1, 'finish'),
  line('Here are your upcoming appointments.', 1),
  line('How can I help you today?', 1),
];
const abandoned = [said('Online Pharmacy', 2), line('Please upload your prescription.', 2), said('Cancel', 2), line('How can I help you today?', 2)];
const current = [said('Book a Doctor', 3), line('How would you like to find your doctor?', 3)];
// The next visit: greeted again, its upcoming events, the menu.
const visit = [line('Good evening', 4), line('Here are your upcoming appointments.', 4), line('How can I help you today?', 4)];

const texts = (lines: Line[]) => lines.map((item) => item.text);

describe('chatConversationToKeep', () => {
  it.each([
    ['signed in and registered: the sign-in and the registration prompt go', signIn, ['Good morning', 'How can I help you today?']],
    [
      'a finished booking is kept through its result, under the visit’s greeting',
      [...signIn, ...booked, ...current],
      ['Good morning', 'How can I help you today?', ...texts(booked.slice(0, 7)), ...texts(current)],
    ],
    [
      'a visit greeted again: the earlier greeting goes, the new one and its upcoming events stay',
      [...signIn, ...booked, ...abandoned, ...visit],
      [...texts(booked.slice(0, 7)), ...texts(visit)],
    ],
    ['an abandoned flow goes; the one under way stays whole', [...booked, ...abandoned, ...current], [...texts(booked.slice(0, 7)), ...texts(current)]],
    ['the latest flow stays whole even when abandoned at the menu', [...booked, ...abandoned], [...texts(booked.slice(0, 7)), ...texts(abandoned)]],
    ['a finished flow that is the latest is kept whole', booked, texts(booked)],
    ['lines without a flow are the first greeting’s', [{ text: 'Good morning' }, said('Book a Doctor', 1), line('Which?', 1)], ['Good morning', 'Book a Doctor', 'Which?']],
  ] as const)('%s', (_case, lines, expected) => {
    expect(texts(chatConversationToKeep(lines as readonly Line[], 200))).toEqual(expected);
  });

  it('keeps at most max lines, the newest', () => {
    const many = Array.from({ length: 10 }, (_, index) => line(`l${index}`, 4));
    expect(texts(chatConversationToKeep(many, 3))).toEqual(['l7', 'l8', 'l9']);
    expect(chatConversationToKeep(many, 0)).toEqual([]);
  });
});
