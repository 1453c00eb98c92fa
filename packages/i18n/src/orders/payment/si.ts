import type { ordersPaymentEn } from './en.ts';

/** Sinhala: exactly the keys of ./en.ts. */
export const ordersPaymentSi: Record<keyof typeof ordersPaymentEn, string> = {
  'orders.payment.text.payByGenie': 'Genie මගින් ගෙවන්න',
  'orders.payment.text.cashOnDelivery': 'භාරදීමේදී මුදලින් ගෙවීම',
  'orders.payment.text.payByCard': 'කාඩ්පතෙන් ගෙවන්න',
  'orders.payment.text.clickToChange': 'වෙනස් කිරීමට ක්ලික් කරන්න',
  'orders.payment.text.payAndBookNow': 'ගෙවා දැන්ම වෙන්කරන්න',
  'orders.payment.text.payNow': 'දැන් ගෙවන්න',
  'orders.payment.text.processingPayment': 'ගෙවීම සකසමින්...',
  'orders.payment.text.termsLink': 'ඉදිරියට යාමෙන්, ඔබ නියමයන් සහ කොන්දේසි වලට එකඟ වේ',
  'orders.payment.text.paymentSuccess': 'ගෙවීම සාර්ථකයි',
  'orders.payment.text.unableToProcessPayment': 'ගෙවීම සැකසීමට නොහැක!',
  'orders.payment.title': 'ගෙවීම',
  'orders.payment.methodLabel': 'ගෙවීම් ක්‍රමය',
  'orders.payment.cardNumber': 'කාඩ්පත {card}',
  'orders.payment.paid': 'ගෙවා ඇත',
  'orders.payment.amountToPay': 'ගෙවිය යුතු මුදල',
  'orders.payment.payNowHint': 'ඔබ සුරැකි කාඩ්පත {card} වෙතින් වහාම අය කෙරේ.',
  'orders.payment.newCardHint': '{gateway} පිටුවේ කාඩ්පතකින් ගෙවන්න. බැංකුව තහවුරු කළ විට ඔබේ ඇණවුම ගෙවූ ලෙස සටහන් වේ.',
  'orders.payment.genieHint': 'ගෙවීම තහවුරු කිරීමට Genie විවෘත වී, පසුව ඔබව මෙම ඇණවුමට නැවත ගෙන එයි.',
  'orders.payment.cashHint': 'ඔබේ ඇණවුම භාරදෙන විට හෝ ලබාගන්නා විට රෝහලට මුදලින් ගෙවන්න. රෝහල ඔබේ ගෙවීම සටහන් කරයි.',
  'orders.payment.chooserTitle': 'ගෙවන ආකාරය තෝරන්න',
  'orders.payment.chooserHint': 'ඇණවුම ගෙවන තුරු ඔබට මෙය වෙනස් කළ හැක.',
  'orders.payment.chooserSaving': 'ඔබේ තේරීම සුරකිමින්',
  'orders.payment.chooserFailed': 'ගෙවීම් ක්‍රමය වෙනස් කළ නොහැකි විය. කරුණාකර නැවත උත්සාහ කරන්න',
  'orders.payment.notPayableOnline': 'මෙම රෝහල මෙම ඇණවුම සඳහා මාර්ගගත ගෙවීම් භාර නොගනී. කරුණාකර රෝහලේදී ගෙවන්න.',
};
