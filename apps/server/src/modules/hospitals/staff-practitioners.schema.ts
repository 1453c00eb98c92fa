import { builder } from '../../graphql/builder.ts';
import { staffHospitalRequest, staffOperation } from '../../graphql/staff-auth.ts';
import { listHospitalPractitioners, type HospitalPractitioner } from './practitioner-photos.service.ts';

// The console's list of a hospital's doctors with their photos (issue 29 §4.14); the photo itself is
// uploaded to the blob service (POST /blob/practitioner-photo/{id}?organizationId=…).

const HospitalPractitionerRef = builder.objectRef<HospitalPractitioner>('HospitalPractitioner').implement({
  description: 'A doctor who works at the hospital (a role or a session there).',
  fields: (t) => ({
    id: t.exposeID('id'),
    text: t.exposeString('text'),
    roles: t.exposeStringList('roles', { description: "Displayed roles, without 'Doctor'." }),
    photoUrl: t.exposeString('photoUrl', { nullable: true, description: 'The photo shown to patients; null: initials.' }),
  }),
});

builder.queryField('staffPractitioners', (t) =>
  t.field({
    ...staffOperation('practitioners.list'),
    type: [HospitalPractitionerRef],
    description: "The hospital's active doctors by name, with their photos (admins).",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listHospitalPractitioners(staffHospitalRequest(ctx, 'practitioners.list', args.organizationId)),
  }),
);
