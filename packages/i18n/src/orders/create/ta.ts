import type { ordersCreateEn } from './en.ts';

/** Tamil: exactly the keys of ./en.ts. */
export const ordersCreateTa: Record<keyof typeof ordersCreateEn, string> = {
  'orders.create.text.selectProfile': 'ஆர்டர் செய்ய சுயவிவரத்தைத் தேர்ந்தெடுக்கவும்',
  'orders.create.text.requestSent': 'உங்கள் கோரிக்கை மருத்துவமனைக்கு அனுப்பப்பட்டது',
  'orders.create.text.uploadFailed': 'பதிவேற்றம் தோல்வியடைந்தது',
  'orders.create.text.imagesUploadFailed': 'சில படங்களைப் பதிவேற்ற முடியவில்லை, மீண்டும் முயற்சிக்கவும்!',
  'orders.create.text.documentsUploadFailed': 'சில ஆவணங்களைப் பதிவேற்ற முடியவில்லை, மீண்டும் முயற்சிக்கவும்!',
  'orders.create.text.requestToHome': 'வீட்டுக்குக் கோரிக்கை',
  'orders.create.text.requestHomeSampleCollection': 'வீட்டில் மாதிரி சேகரிப்பைக் கோருங்கள்',
  'orders.create.text.bookVisit': 'மருத்துவமனை வருகையை முன்பதிவு செய்யுங்கள்',
  'orders.create.text.homecareAddress': 'வீட்டுப் பராமரிப்பு முகவரி',
  'orders.create.text.sampleCollectionAddress': 'மாதிரி சேகரிப்பு முகவரி',
  'orders.create.text.addressLineOne': 'இல., முகவரி வரி 1',
  'orders.create.text.addressLineTwo': 'முகவரி வரி 2',
  'orders.create.text.addressLandmark': 'முகவரிக்கு அருகிலுள்ள அடையாளம்',
  'orders.create.text.addressCity': 'நகரம்',

  'orders.create.title.Medication': 'மருந்துகளை ஆர்டர் செய்யுங்கள்',
  'orders.create.title.Examination': 'ஆய்வக பரிசோதனையைக் கோருங்கள்',
  'orders.create.title.Procedure': 'மருத்துவ சேவையைக் கோருங்கள்',
  'orders.create.intro':
    'மருந்துச் சீட்டின் புகைப்படம் அல்லது PDF ஐ அனுப்பி, மருத்துவமனையையும் யாருக்காக என்பதையும் தேர்ந்தெடுக்கவும். மருத்துவமனை ஆர்டரை உறுதிசெய்து விலையைத் தெரிவிக்கும்.',
  'orders.create.notOffered': 'இந்த மருத்துவமனை இவ்வகை ஆர்டர்களை செயலியில் ஏற்பதில்லை.',
  'orders.create.goHome': 'முகப்புக்குச் செல்லவும்',
  'orders.create.draftRestored':
    'கடந்த முறை நீங்கள் தேர்ந்தெடுத்தவற்றை வைத்திருக்கிறோம். கோரிக்கையை அனுப்பு என்பதை அழுத்தும் வரை எதுவும் அனுப்பப்படாது.',

  'orders.create.documents.heading': 'மருந்துச் சீட்டு புகைப்படங்கள் அல்லது ஆவணங்கள்',
  'orders.create.documents.hint':
    'அதிகபட்சம் {max} கோப்புகள், ஒவ்வொன்றும் {limit} வரை. 1 MB க்கு மேற்பட்ட புகைப்படங்கள் அனுப்பும் முன் உங்கள் தொலைபேசியிலேயே சிறிதாக்கப்படும்.',
  'orders.create.documents.addPhotos': 'புகைப்படங்களைச் சேர்',
  'orders.create.documents.addPdf': 'PDF சேர்',
  'orders.create.documents.none': 'இன்னும் புகைப்படமோ ஆவணமோ இல்லை.',
  'orders.create.documents.tooMany':
    '{count, plural, one {# கோப்பு சேர்க்கப்படவில்லை} other {# கோப்புகள் சேர்க்கப்படவில்லை}}: ஒரு ஆர்டரில் அதிகபட்சம் {max} கோப்புகள்.',
  'orders.create.documents.pdf': 'PDF ஆவணம்',
  'orders.create.documents.progress': '{name} பதிவேற்றம்',
  'orders.create.documents.retry': 'மீண்டும் முயற்சி',
  'orders.create.documents.remove': '{name} ஐ நீக்கு',
  'orders.create.documents.hiddenFile':
    'இந்தக் கோப்பினுள் வேறு வகைக் கோப்பு மறைந்துள்ளதால் அதை அனுப்ப முடியாது. புதிய புகைப்படம் எடுக்கவும் அல்லது ஆவணத்தை மீண்டும் PDF ஆகச் சேமிக்கவும்.',
  'orders.create.documents.limit': 'ஒரு கோப்புக்கான வரம்பு {limit}.',
  'orders.create.status.compressing': 'புகைப்படம் சிறிதாக்கப்படுகிறது…',
  'orders.create.status.queued': 'பதிவேற்றக் காத்திருக்கிறது',
  'orders.create.status.uploading': 'பதிவேற்றுகிறது {percent}%',
  'orders.create.status.creating': 'ஆவணம் சேமிக்கப்படுகிறது…',
  'orders.create.status.retrying': 'இணைப்புச் சிக்கல், மீண்டும் முயற்சிக்கிறது…',
  'orders.create.status.waiting': 'இணைப்பு இல்லை. மீண்டும் இணைந்ததும் பதிவேற்றம் தொடரும்.',
  'orders.create.status.done': 'பதிவேற்றப்பட்டது',
  'orders.create.status.uploadedCount':
    '{count, plural, =0 {இன்னும் எந்தக் கோப்பும் பதிவேற்றப்படவில்லை} one {# கோப்பு பதிவேற்றப்பட்டது} other {# கோப்புகள் பதிவேற்றப்பட்டன}}',

  'orders.create.hospital.label': 'மருத்துவமனை',
  'orders.create.hospital.choose': 'மருத்துவமனையைத் தேர்ந்தெடுக்கவும்',
  'orders.create.hospital.loading': 'மருத்துவமனைகள் ஏற்றப்படுகின்றன…',
  'orders.create.hospital.failed': 'மருத்துவமனைகளை ஏற்ற முடியவில்லை.',
  'orders.create.tryAgain': 'மீண்டும் முயற்சிக்கவும்',

  'orders.create.profile.heading': 'இந்த ஆர்டர் யாருக்காக?',
  'orders.create.profile.none': 'இன்னும் சுயவிவரம் தேர்ந்தெடுக்கப்படவில்லை.',
  'orders.create.profile.choose': 'சுயவிவரத்தைத் தேர்ந்தெடு',
  'orders.create.profile.change': 'மாற்று',

  'orders.create.where.heading': 'எங்கே',
  'orders.create.sampleDate.heading': 'மாதிரி சேகரிப்புத் தேதி',
  'orders.create.sampleDate.today': 'இன்று',
  'orders.create.sampleDate.tomorrow': 'நாளை',
  'orders.create.sampleDate.any': 'மருத்துவமனை பரிந்துரைக்கும் எந்த நாளும்',

  'orders.create.submit': 'கோரிக்கையை அனுப்பு',
  'orders.create.submitting': 'உங்கள் கோரிக்கை அனுப்பப்படுகிறது…',
};
