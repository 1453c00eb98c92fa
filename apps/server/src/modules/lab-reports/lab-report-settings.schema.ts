import { builder } from '../../graphql/builder.ts';
import { staffOperation } from '../../graphql/staff-auth.ts';
import {
  readLabReportSettings,
  setLabReportImage,
  setLabReportSettings,
  type LabReportSettingsView,
} from './lab-report-settings.service.ts';
import { staffLabReportRequest } from './staff-lab-reports.request.ts';

// The hospital's lab report rules and printable report images (issue 11), registered by
// staff-lab-reports.schema.ts.

const LabReportSettingsRef = builder
  .objectRef<LabReportSettingsView>('LabReportSettings')
  .implement({
    description: "A hospital's lab report rules.",
    fields: (t) => ({
      organizationId: t.exposeID('organizationId'),
      requireSecondVerifier: t.exposeBoolean('requireSecondVerifier', {
        description: 'Off unless an admin sets it.',
      }),
      headerImageBlobId: t.exposeID('headerImageBlobId', {
        nullable: true,
        description:
          "The printable report's header image (a blob, read at /blob/get/{id}); null prints the hospital's name.",
      }),
      footerImageBlobId: t.exposeID('footerImageBlobId', {
        nullable: true,
        description: "The printable report's footer image; null prints none.",
      }),
      signatureImageBlobId: t.exposeID('signatureImageBlobId', {
        nullable: true,
        description:
          "The signature above 'Medical Laboratory Technologist'; null prints a dash line.",
      }),
    }),
  });

const LabReportImageKindEnum = builder.enumType('LabReportImageKind', {
  description: "The printable report's images of a hospital: HEADER, FOOTER, SIGNATURE.",
  values: ['HEADER', 'FOOTER', 'SIGNATURE'] as const,
});

const IMAGE_KINDS = { HEADER: 'header', FOOTER: 'footer', SIGNATURE: 'signature' } as const;

builder.queryField('staffLabReportSettings', (t) =>
  t.field({
    ...staffOperation('labReports.read'),
    type: LabReportSettingsRef,
    description: "The hospital's lab report rules (second-person verification; off by default).",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      readLabReportSettings(staffLabReportRequest(ctx, 'labReports.read', args.organizationId)),
  }),
);

builder.mutationField('staffSetLabReportSettings', (t) =>
  t.field({
    ...staffOperation('labReports.settings'),
    type: LabReportSettingsRef,
    description: 'Sets whether a second person must verify the results (admins only). Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      requireSecondVerifier: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      setLabReportSettings(
        staffLabReportRequest(ctx, 'labReports.settings', args.organizationId),
        args.requireSecondVerifier,
      ),
  }),
);

builder.mutationField('staffSetLabReportImage', (t) =>
  t.field({
    ...staffOperation('labReports.images'),
    type: LabReportSettingsRef,
    description:
      "Sets the hospital's header, footer or signature image of the printable report (lab technicians and admins): a " +
      'PNG or JPEG blob this member uploaded with POST /blob/put?organizationId=… (or one already an image of the ' +
      'hospital), at most 2 MB; blobId null prints none. Another blob ARO-E2001; not PNG or JPEG ARO-E7023; too large ' +
      'ARO-E7024; unreadable ARO-E7025. Printed reports change with it. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      kind: t.arg({ type: LabReportImageKindEnum, required: true }),
      blobId: t.arg.id(),
    },
    resolve: (_root, args, ctx) =>
      setLabReportImage(
        staffLabReportRequest(ctx, 'labReports.images', args.organizationId),
        IMAGE_KINDS[args.kind],
        args.blobId === null || args.blobId === undefined ? null : String(args.blobId),
      ),
  }),
);
