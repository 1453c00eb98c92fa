import type { ordersCreateEn } from './en.ts';

/** Sinhala: exactly the keys of ./en.ts. */
export const ordersCreateSi: Record<keyof typeof ordersCreateEn, string> = {
  'orders.create.text.selectProfile': 'ඇණවුම සඳහා පැතිකඩ තෝරන්න',
  'orders.create.text.requestSent': 'ඔබගේ ඉල්ලීම රෝහලට යවන ලදී',
  'orders.create.text.uploadFailed': 'උඩුගත කිරීම අසාර්ථක විය',
  'orders.create.text.imagesUploadFailed': 'සමහර රූප උඩුගත කිරීමට නොහැකි විය, කරුණාකර නැවත උත්සාහ කරන්න!',
  'orders.create.text.documentsUploadFailed': 'සමහර ලේඛන උඩුගත කිරීමට නොහැකි විය, කරුණාකර නැවත උත්සාහ කරන්න!',
  'orders.create.text.requestToHome': 'නිවසට ඉල්ලීම',
  'orders.create.text.requestHomeSampleCollection': 'නිවසින් සාම්පල ලබා ගැනීම ඉල්ලන්න',
  'orders.create.text.bookVisit': 'රෝහලට පැමිණීමක් වෙන් කරන්න',
  'orders.create.text.homecareAddress': 'නිවසේ සත්කාර ලිපිනය',
  'orders.create.text.sampleCollectionAddress': 'සාම්පල ලබා ගන්නා ලිපිනය',
  'orders.create.text.addressLineOne': 'අංකය, ලිපින පේළිය 1',
  'orders.create.text.addressLineTwo': 'ලිපින පේළිය 2',
  'orders.create.text.addressLandmark': 'ලිපිනය අසල සලකුණ',
  'orders.create.text.addressCity': 'නගරය',

  'orders.create.title.Medication': 'ඖෂධ ඇණවුම් කරන්න',
  'orders.create.title.Examination': 'රසායනාගාර පරීක්ෂණයක් ඉල්ලන්න',
  'orders.create.title.Procedure': 'වෛද්‍ය සේවාවක් ඉල්ලන්න',
  'orders.create.intro':
    'බෙහෙත් වට්ටෝරුවේ ඡායාරූපයක් හෝ PDF එකක් යවා, රෝහල සහ එය කා සඳහාද යන්න තෝරන්න. රෝහල ඇණවුම තහවුරු කර මිල දන්වයි.',
  'orders.create.notOffered': 'මෙම රෝහල මෙවැනි ඇණවුම් යෙදුම හරහා භාර නොගනී.',
  'orders.create.goHome': 'මුල් පිටුවට යන්න',
  'orders.create.draftRestored': 'ඔබ පසුගිය වතාවේ තෝරාගත් දේ අපි තබා ගත්තෙමු. ඉල්ලීම යවන්න ඔබන තුරු කිසිවක් නොයවයි.',

  'orders.create.documents.heading': 'බෙහෙත් වට්ටෝරු ඡායාරූප හෝ ලේඛන',
  'orders.create.documents.hint':
    'ගොනු {max} ක් දක්වා, එකක් {limit} දක්වා. 1 MB ට වැඩි ඡායාරූප යැවීමට පෙර ඔබගේ දුරකථනයේම කුඩා කරයි.',
  'orders.create.documents.addPhotos': 'ඡායාරූප එක් කරන්න',
  'orders.create.documents.addPdf': 'PDF එක් කරන්න',
  'orders.create.documents.none': 'තවම ඡායාරූපයක් හෝ ලේඛනයක් නැත.',
  'orders.create.documents.tooMany':
    '{count, plural, one {ගොනු # ක් එක් නොකෙරිණි} other {ගොනු # ක් එක් නොකෙරිණි}}: ඇණවුමකට උපරිම ගොනු {max} කි.',
  'orders.create.documents.pdf': 'PDF ලේඛනය',
  'orders.create.documents.progress': '{name} උඩුගත කිරීම',
  'orders.create.documents.retry': 'නැවත උත්සාහ කරන්න',
  'orders.create.documents.remove': '{name} ඉවත් කරන්න',
  'orders.create.documents.hiddenFile':
    'මෙම ගොනුව තුළ වෙනත් ගොනුවක් සඟවා ඇති බැවින් එය යැවිය නොහැක. නව ඡායාරූපයක් ගන්න හෝ ලේඛනය නැවත PDF ලෙස සුරකින්න.',
  'orders.create.documents.limit': 'එක් ගොනුවකට සීමාව {limit} කි.',
  'orders.create.status.compressing': 'ඡායාරූපය කුඩා කරමින්…',
  'orders.create.status.queued': 'උඩුගත කිරීමට රැඳී සිටී',
  'orders.create.status.uploading': 'උඩුගත කරමින් {percent}%',
  'orders.create.status.creating': 'ලේඛනය සුරකිමින්…',
  'orders.create.status.retrying': 'සම්බන්ධතා ගැටලුවක්, නැවත උත්සාහ කරමින්…',
  'orders.create.status.waiting': 'අන්තර්ජාලය නැත. ඔබ නැවත සම්බන්ධ වූ විට උඩුගත කිරීම දිගටම සිදු වේ.',
  'orders.create.status.done': 'උඩුගත කළා',
  'orders.create.status.uploadedCount':
    '{count, plural, =0 {තවම ගොනුවක් උඩුගත කර නැත} one {ගොනු # ක් උඩුගත කළා} other {ගොනු # ක් උඩුගත කළා}}',

  'orders.create.hospital.label': 'රෝහල',
  'orders.create.hospital.choose': 'රෝහලක් තෝරන්න',
  'orders.create.hospital.loading': 'රෝහල් පූරණය වෙමින්…',
  'orders.create.hospital.failed': 'රෝහල් පූරණය කළ නොහැකි විය.',
  'orders.create.tryAgain': 'නැවත උත්සාහ කරන්න',

  'orders.create.profile.heading': 'මෙම ඇණවුම කා සඳහාද?',
  'orders.create.profile.none': 'තවම පැතිකඩක් තෝරා නැත.',
  'orders.create.profile.choose': 'පැතිකඩ තෝරන්න',
  'orders.create.profile.change': 'වෙනස් කරන්න',

  'orders.create.where.heading': 'කොහේද',
  'orders.create.sampleDate.heading': 'සාම්පල ලබා ගන්නා දිනය',
  'orders.create.sampleDate.today': 'අද',
  'orders.create.sampleDate.tomorrow': 'හෙට',
  'orders.create.sampleDate.any': 'රෝහල යෝජනා කරන ඕනෑම දිනයක්',

  'orders.create.submit': 'ඉල්ලීම යවන්න',
  'orders.create.submitting': 'ඔබගේ ඉල්ලීම යවමින්…',
};
