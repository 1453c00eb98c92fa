import type { ordersPaymentEn } from './en.ts';

/** Tamil: exactly the keys of ./en.ts. */
export const ordersPaymentTa: Record<keyof typeof ordersPaymentEn, string> = {
  'orders.payment.text.payByGenie': 'Genie மூலம் செலுத்தவும்',
  'orders.payment.text.cashOnDelivery': 'டெலிவரியின் போது பணம்',
  'orders.payment.text.payByCard': 'அட்டை மூலம் செலுத்தவும்',
  'orders.payment.text.clickToChange': 'மாற்ற கிளிக் செய்யவும்',
  'orders.payment.text.payAndBookNow': 'செலுத்தி இப்போதே பதிவு செய்யவும்',
  'orders.payment.text.payNow': 'இப்போது செலுத்தவும்',
  'orders.payment.text.processingPayment': 'கட்டணம் செயலாக்கப்படுகிறது...',
  'orders.payment.text.termsLink': 'தொடர்வதன் மூலம், நீங்கள் விதிமுறைகள் மற்றும் நிபந்தனைகளை ஏற்கிறீர்கள்',
  'orders.payment.text.paymentSuccess': 'கட்டணம் வெற்றிகரமாக செலுத்தப்பட்டது',
  'orders.payment.text.unableToProcessPayment': 'கட்டணத்தைச் செயலாக்க முடியவில்லை!',
  'orders.payment.title': 'கட்டணம்',
  'orders.payment.methodLabel': 'கட்டண முறை',
  'orders.payment.cardNumber': 'அட்டை {card}',
  'orders.payment.paid': 'செலுத்தப்பட்டது',
  'orders.payment.amountToPay': 'செலுத்த வேண்டிய தொகை',
  'orders.payment.payNowHint': 'சேமித்த உங்கள் அட்டை {card} இலிருந்து உடனே கட்டணம் வசூலிக்கப்படும்.',
  'orders.payment.newCardHint': '{gateway} பக்கத்தில் அட்டை மூலம் செலுத்தவும். வங்கி உறுதிப்படுத்தியதும் உங்கள் ஆர்டர் செலுத்தப்பட்டதாகக் குறிக்கப்படும்.',
  'orders.payment.genieHint': 'கட்டணத்தை உறுதிப்படுத்த Genie திறக்கும், பின்னர் உங்களை இந்த ஆர்டருக்குத் திரும்பக் கொண்டுவரும்.',
  'orders.payment.cashHint': 'உங்கள் ஆர்டர் டெலிவரி செய்யப்படும்போது அல்லது பெறப்படும்போது மருத்துவமனைக்குப் பணமாகச் செலுத்தவும். மருத்துவமனை உங்கள் கட்டணத்தைப் பதிவு செய்யும்.',
  'orders.payment.chooserTitle': 'செலுத்தும் முறையைத் தேர்ந்தெடுக்கவும்',
  'orders.payment.chooserHint': 'ஆர்டர் செலுத்தப்படும் வரை இதை மாற்றலாம்.',
  'orders.payment.chooserSaving': 'உங்கள் தேர்வு சேமிக்கப்படுகிறது',
  'orders.payment.chooserFailed': 'கட்டண முறையை மாற்ற முடியவில்லை. மீண்டும் முயற்சிக்கவும்',
  'orders.payment.notPayableOnline': 'இந்த ஆர்டருக்கு இந்த மருத்துவமனை ஆன்லைன் கட்டணங்களை ஏற்பதில்லை. மருத்துவமனையில் செலுத்தவும்.',
};
