// The benches' signed-in patient (bench:slow-link, bench:server-screen): signed in by SMS code through
// the real server's API (its /dev/sms-outbox), with one profile, booked into a new session of the demo's
// Dr. Nimal Perera at Colombo, as the browser journeys set up theirs.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function graphql(server, query, variables = {}, token) {
  const answer = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await answer.json();
  if (!body.data || body.errors?.length) {
    throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

async function signInCode(server, mobileNo) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${server.url}/dev/sms-outbox?to=${mobileNo}`);
    const messages = await answer.json();
    const code = messages
      .filter((message) => !message.body.includes('://'))
      .map((message) => message.body.match(/\b(\d{4})\b/)?.[1])
      .filter(Boolean)
      .at(-1);
    if (code) {
      return code;
    }
    await sleep(200);
  }
  throw new Error(`no sign-in code reached ${mobileNo}`);
}

/** A patient signed in by SMS code, with one profile, booked into a new session of Dr. Nimal Perera at Colombo. */
export async function demoPatient(server) {
  const mobileNo = `9477${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const started = await graphql(server, 'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }', { u: mobileNo });
  const code = await signInCode(server, mobileNo);
  const done = await graphql(
    server,
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  const token = done.completeAuthentication.accessToken;
  const created = await graphql(
    server,
    `mutation { createPatient(name: {prefix: "Mr", given: ["Kamal"], family: "Fernando"}, birthDate: "1979-02-03",
      gender: "male", extension: [{ valueId: "relationship", value: "Me" }]) { id } }`,
    {},
    token,
  );
  const { staffSignIn } = await graphql(server, 'mutation { staffSignIn(email: "admin@careline.test", password: "careline-demo-staff") { token } }');
  const staff = staffSignIn.token;
  const { queryOrganization } = await graphql(server, '{ queryOrganization { id name } }');
  const colombo = queryOrganization.find((organization) => organization.name.endsWith('Colombo'));
  const { searchDoctors } = await graphql(server, '{ searchDoctors(text: "Nimal Perera") { id name { text } } }');
  const doctor = searchDoctors.find((found) => found.name.text === 'Dr. Nimal Perera');
  if (!colombo || !doctor) {
    throw new Error('the demo seed has no Colombo branch or no Dr. Nimal Perera');
  }
  const { staffChargingSchemes } = await graphql(
    server,
    'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id practitionerId } }',
    { o: colombo.id },
    staff,
  );
  const scheme = staffChargingSchemes.find((row) => row.practitionerId === doctor.id) ?? staffChargingSchemes[0];
  const start = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  start.setSeconds(0, 0);
  const { staffCreateSession } = await graphql(
    server,
    'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
    {
      o: colombo.id,
      input: {
        practitionerId: doctor.id,
        locationName: 'Room 7',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        appointmentMaxAllowed: 10,
        participationMode: 'in_person',
        chargingSchemeId: scheme?.id ?? null,
      },
    },
    staff,
  );
  const { createAppointment } = await graphql(
    server,
    'mutation ($p: ID!, $s: ID!, $k: String) { createAppointment(patientId: $p, sessionId: $s, idempotencyKey: $k) { id tokenNo } }',
    { p: created.createPatient.id, s: staffCreateSession.id, k: crypto.randomUUID() },
    token,
  );
  return {
    token,
    paths: {
      '/login': '/login',
      '/chat-home': '/chat-home',
      '/doctor': `/doctor?${new URLSearchParams({ organization: colombo.id }).toString()}`,
      '/view/appointment': `/view/appointment?${new URLSearchParams({ sessionId: staffCreateSession.id, appointmentId: createAppointment.id }).toString()}`,
    },
  };
}
