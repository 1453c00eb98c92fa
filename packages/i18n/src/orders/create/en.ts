/** English texts of the order creation screen and its uploads (spec doc 3 §2 Order creation screen, §4 Creation flow). Keys start with 'orders.create.'. */
export const ordersCreateEn = {
  // The spec's own texts (ORDER_TEXTS in @careline/domain/orders), keyed 'orders.create.text.<key>'.
  'orders.create.text.selectProfile': 'Select the profile to order',
  'orders.create.text.requestSent': 'Your request send to hospital',
  'orders.create.text.uploadFailed': 'Upload failed',
  'orders.create.text.imagesUploadFailed': 'Failed to upload some images, please retry!',
  'orders.create.text.documentsUploadFailed': 'Failed to upload some documents, please retry!',
  'orders.create.text.requestToHome': 'Request to home',
  'orders.create.text.requestHomeSampleCollection': 'Request home sample collection',
  'orders.create.text.bookVisit': 'Book a visit to hospital',
  'orders.create.text.homecareAddress': 'Homecare Address',
  'orders.create.text.sampleCollectionAddress': 'Sample Collection Address',
  'orders.create.text.addressLineOne': 'No, Address line 1',
  'orders.create.text.addressLineTwo': 'Address line 2',
  'orders.create.text.addressLandmark': 'Address near landmark',
  'orders.create.text.addressCity': 'City',

  // Ours, around the spec's texts.
  'orders.create.title.Medication': 'Order medicines',
  'orders.create.title.Examination': 'Request a lab test',
  'orders.create.title.Procedure': 'Request a medical service',
  'orders.create.intro':
    'Send a photo of the prescription or a PDF, choose the hospital and who it is for. The hospital confirms the order and tells you the price.',
  'orders.create.notOffered': 'This hospital does not take this kind of order in the app.',
  'orders.create.goHome': 'Go Home',
  'orders.create.draftRestored': 'We kept what you picked last time. Nothing is sent until you press Send request.',

  'orders.create.documents.heading': 'Prescription photos or documents',
  'orders.create.documents.hint':
    'Up to {max} files, {limit} each. Photos over 1 MB are made smaller on your phone before they are sent.',
  'orders.create.documents.addPhotos': 'Add photos',
  'orders.create.documents.addPdf': 'Add PDF',
  'orders.create.documents.none': 'No photo or document yet.',
  'orders.create.documents.tooMany':
    '{count, plural, one {# file was not added} other {# files were not added}}: an order takes at most {max} files.',
  'orders.create.documents.pdf': 'PDF document',
  'orders.create.documents.progress': 'Upload of {name}',
  'orders.create.documents.retry': 'Retry',
  'orders.create.documents.remove': 'Remove {name}',
  'orders.create.documents.hiddenFile':
    'This file has another kind of file hidden inside it, so it cannot be sent. Take a new photo or save the document again as a PDF.',
  'orders.create.documents.limit': 'The limit is {limit} per file.',
  'orders.create.status.compressing': 'Making the photo smaller…',
  'orders.create.status.queued': 'Waiting to upload',
  'orders.create.status.uploading': 'Uploading {percent}%',
  'orders.create.status.creating': 'Saving the document…',
  'orders.create.status.retrying': 'Connection problem, trying again…',
  'orders.create.status.waiting': 'Offline. The upload goes on when you are back online.',
  'orders.create.status.done': 'Uploaded',
  'orders.create.status.uploadedCount':
    '{count, plural, =0 {No file uploaded yet} one {# file uploaded} other {# files uploaded}}',

  'orders.create.hospital.label': 'Hospital',
  'orders.create.hospital.choose': 'Choose a hospital',
  'orders.create.hospital.loading': 'Loading hospitals…',
  'orders.create.hospital.failed': 'The hospitals could not be loaded.',
  'orders.create.tryAgain': 'Try again',

  'orders.create.profile.heading': 'Who is this order for?',
  'orders.create.profile.none': 'No profile chosen yet.',
  'orders.create.profile.choose': 'Choose the profile',
  'orders.create.profile.change': 'Change',

  'orders.create.where.heading': 'Where',
  'orders.create.sampleDate.heading': 'Sample collection date',
  'orders.create.sampleDate.today': 'Today',
  'orders.create.sampleDate.tomorrow': 'Tomorrow',
  'orders.create.sampleDate.any': 'Any day the hospital suggests',

  'orders.create.submit': 'Send request',
  'orders.create.submitting': 'Sending your request…',
};
