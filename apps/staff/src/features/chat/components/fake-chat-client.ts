import { Client, makeResult, type Exchange, type Operation } from '@urql/core';
import { filter, fromValue, makeSubject, map, mergeMap, pipe } from 'wonka';

/** What a fake operation answers: data, or the 'CODE:message' of a GraphQL error. */
export type FakeAnswer = { data: unknown } | { error: string };

/**
 * For component tests: a real urql client whose queries and mutations are answered by the test
 * (by operation name) and whose inbox subscription is fed by the test, as the live socket would.
 * @param answer - the answer to a query or mutation, by its name and variables
 */
export function fakeChatClient(
  answer: (name: string, variables: Record<string, unknown>) => FakeAnswer,
) {
  const live = makeSubject<unknown>();
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const nameOf = (operation: Operation) =>
    (operation.query.definitions[0] as { name?: { value: string } }).name?.value ?? '';
  const exchange: Exchange = () => (operations) =>
    pipe(
      operations,
      filter((operation) => operation.kind !== 'teardown'),
      mergeMap((operation) => {
        const name = nameOf(operation);
        const variables = (operation.variables ?? {}) as Record<string, unknown>;
        calls.push({ name, variables });
        if (operation.kind === 'subscription') {
          return pipe(
            live.source,
            map((data) => makeResult(operation, { data: data as Record<string, unknown> })),
          );
        }
        const answered = answer(name, variables);
        return fromValue(
          'error' in answered
            ? makeResult(operation, { data: null, errors: [{ message: answered.error }] })
            : makeResult(operation, { data: answered.data as Record<string, unknown> }),
        );
      }),
    );
  const client = new Client({ url: 'http://localhost/graphql', exchanges: [exchange] });
  return {
    client,
    calls,
    /** Delivers one live chat to every subscriber of the inbox. */
    push: (chat: unknown) => live.next({ subscribeStaffChatInbox: chat }),
  };
}
