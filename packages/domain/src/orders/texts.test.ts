import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../errors.ts';
import { ORDER_TEXTS, fillOrderText } from './texts.ts';

describe('order texts (spec doc 3 §2, §4, §7, §8), character for character', () => {
  it.each([
    ['selectProfile', 'Select the profile to order'],
    ['requestSent', 'Your request send to hospital'],
    ['uploadFailed', 'Upload failed'],
    ['imagesUploadFailed', 'Failed to upload some images, please retry!'],
    ['documentsUploadFailed', 'Failed to upload some documents, please retry!'],
    ['fileLoadFailed', 'Unable to load file!'],
    ['chatUploadingImage', 'uploading image'],
    ['chatCreatingDocument', 'creating digital document'],
    ['unableToCreateOrder', 'Unable to create order'],
    ['unableToCreateLabTest', 'Unable to create lab test'],
    ['unableToCreateHomeVisit', 'Unable to create home visit request'],
    ['loadingOrder', 'Please wait, We are loading your order'],
    ['admission', 'Admission'],
    ['categoryOrder', '{category} Order'],
    ['requestedAt', 'Requested at'],
    ['requestedFor', 'Requested for'],
    ['homeSampleCollection', 'Home Sample Collection'],
    ['requestToHome', 'Request to home'],
    ['sampleCollectionScheduled', 'Sample collection scheduled'],
    ['willMeetYouAtHomeAt', 'will meet you at home at'],
    ['sampleCollectionAddress', 'Sample Collection Address'],
    ['homecareAddress', 'Homecare Address'],
    ['sampleCollectionRequestedDate', 'Sample Collection Requested Date'],
    ['procedureRequestedDate', 'Procedure Requested Date'],
    ['encounterRequestedDate', 'Encounter Requested Date'],
    ['testList', 'Test List'],
    ['procedureList', 'Procedure List'],
    ['payByGenie', 'Pay by Genie'],
    ['cashOnDelivery', 'Cash on delivery'],
    ['payByCard', 'Pay by card'],
    ['clickToChange', 'Click to change'],
    ['payAndBookNow', 'Pay and book now'],
    ['payNow', 'PAY NOW'],
    ['processingPayment', 'PROCESSING PAYMENT...'],
    ['termsLink', 'By continuing, you agree to the Terms & Conditions'],
    ['callHospital', 'Call {hospital}'],
    ['completed', 'Completed'],
    ['canceled', 'Canceled'],
    ['requestAnother', 'Request Another {category}'],
    ['admissionCanceled', 'Admission Canceled'],
    ['admissionPaymentHistory', 'Admission Payment History'],
    ['notAvailable', 'Not Available'],
    ['paymentSuccess', 'Payment success'],
    ['unableToProcessPayment', 'Unable to process payment!'],
    ['chatWithHospital', 'Chat with hospital'],
    ['notePrompt', 'Type any additional notes here and send reply'],
    ['notNow', 'Not now'],
    ['reply', 'Reply'],
    ['changeAddressTitle', 'Change homecare address'],
    ['addressLineOne', 'No, Address line 1'],
    ['addressLineTwo', 'Address line 2'],
    ['addressLandmark', 'Address near landmark'],
    ['addressCity', 'City'],
    ['update', 'Update'],
    ['changeRequestTitle', 'Are you sure want to Change request?'],
    ['bookVisit', 'Book a visit to hospital'],
    ['requestHomeSampleCollection', 'Request home sample collection'],
    ['ordersLoadFailed', 'There is a problem loading your orders'],
    ['labTestsLoadFailed', 'There is a problem loading your Lab Tests'],
    ['ordersEmpty', "We didn't find any orders of you"],
    ['labTestsEmpty', "We didn't find any Lab Tests of you"],
    ['loadMoreOrder', 'Load More Order'],
    ['myAppointments', 'My Appointments'],
    ['allOrders', 'All Orders'],
    [
      'genericError',
      'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
    ],
    ['goHome', 'Go Home'],
  ] as const)('%s is %j', (key, text) => {
    expect(ORDER_TEXTS[key]).toBe(text);
  });

  it('fills placeholders', () => {
    expect(fillOrderText('callHospital', { hospital: 'Asiri Central' })).toBe('Call Asiri Central');
    expect(fillOrderText('requestAnother', { category: 'Procedure' })).toBe(
      'Request Another Procedure',
    );
    expect(fillOrderText('categoryOrder')).toBe('{category} Order');
  });
});

describe('orders error codes (issue 10)', () => {
  it('are ARO-E6001 to ARO-E6029, inside the range ARO-E6001 to ARO-E6049', () => {
    const inRange = Object.keys(errorCatalogue).filter((code) => {
      const n = Number(code.slice('ARO-E'.length));
      return n >= 6001 && n <= 6049;
    });
    expect(inRange).toEqual(Array.from({ length: 29 }, (_, i) => `ARO-E${String(6001 + i)}`));
  });

  it('include the optimistic-locking message', () => {
    expect(errorCatalogue['ARO-E6002']).toBe(
      'This order was changed by someone else. Please reload and try again',
    );
  });
});
