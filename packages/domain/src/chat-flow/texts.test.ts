import { describe, expect, it } from 'vitest';
import { CHAT_OUR_TEXTS, CHAT_SPEC_TEXTS, CHAT_TEXTS, fillChatText, isSpecChatText } from './texts.ts';

describe('chat texts', () => {
  // Character for character from the spec.
  it.each([
    ['mobilePlaceholder', 'Type your mobile number here'],
    ['sendNow', 'Send now'],
    ['codePlaceholder', 'Type verification code'],
    ['verifyNow', 'Verify now'],
    ['resendOtp', 'Resend OTP'],
    ['otpResent', 'OTP Resent'],
    ['smsDelay', 'There may be SMS delays. Please wait and check again your SMS'],
    ['wrongCode', 'that is not the code I sent you'],
    ['doctorNamePlaceholder', 'Type your doctor name'],
    ['scrollToSeeMore', 'Scroll to see more ...'],
    ['loadingImage', 'Loading image...'],
    ['imageFailed', 'Unable to load image!'],
    ['fileFailed', 'Unable to load file!'],
    ['bookADoctor', 'Book a Doctor'],
    ['videoChannel', 'Video Channel'],
    ['homeVisit', 'Home Visit'],
    ['homeLabTest', 'Home Lab Test'],
    ['onlinePharmacy', 'Online Pharmacy'],
    ['chatWithHospital', 'Chat With Hospital'],
    ['whatIsMyUpcoming', 'What is my upcoming'],
    ['showMyProfile', 'Show my profile'],
    ['showMyOnlinePaymentHistory', 'Show my online payment history'],
    ['noSessions', "I couldn't find any sessions"],
    ['seeMore', 'See more'],
    ['bookingFailed', 'Sorry, Unable to book at the moment'],
    ['requestSent', 'Your request send to hospital'],
    ['uploadingImage', 'uploading image'],
    ['creatingDigitalDocument', 'creating digital document'],
    ['uploadFailed', 'Upload failed'],
    ['imagesUploadFailed', 'Failed to upload some images, please retry!'],
    ['documentsUploadFailed', 'Failed to upload some documents, please retry!'],
    ['unableToCreateOrder', 'Unable to create order'],
    ['unableToCreateLabTest', 'Unable to create lab test'],
    ['unableToCreateHomeVisit', 'Unable to create home visit request'],
    ['connectingToHospitalStaff', 'connecting to hospital staff'],
    ['allStaffBusy', 'all staff busy'],
  ] as const)('%s is the spec text %j', (key, text) => {
    expect(CHAT_SPEC_TEXTS[key]).toBe(text);
    expect(isSpecChatText(key)).toBe(true);
  });

  it('lists every spec text in the table above', () => {
    expect(Object.keys(CHAT_SPEC_TEXTS)).toHaveLength(36);
  });

  it("keeps the chat home's own assistant texts word for word", () => {
    expect(CHAT_OUR_TEXTS.askMobile).toBe('Please type your mobile number to sign in.');
    expect(CHAT_OUR_TEXTS.codeSentTo).toBe('I sent a verification code by SMS to +{mobileNo}.');
    expect(CHAT_OUR_TEXTS.askRegistration).toBe("I couldn't find a profile for this number. Add your profile to continue.");
    expect(CHAT_OUR_TEXTS.menu).toBe('How can I help you today?');
    expect(CHAT_OUR_TEXTS.changeNumber).toBe('Change number');
    expect(isSpecChatText('menu')).toBe(false);
  });

  it('never has one key in both tables', () => {
    const ours = Object.keys(CHAT_OUR_TEXTS);
    expect(Object.keys(CHAT_SPEC_TEXTS).filter((key) => ours.includes(key))).toEqual([]);
    expect(Object.keys(CHAT_TEXTS)).toHaveLength(Object.keys(CHAT_SPEC_TEXTS).length + ours.length);
  });

  it('says the 10% discounts of spec doc 1 §9', () => {
    expect(CHAT_OUR_TEXTS.medicationDiscount).toContain('10%');
    expect(CHAT_OUR_TEXTS.labTestDiscount).toContain('10%');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fillChatText('greeting', { partOfDay: 'evening' })).toBe('Good evening');
    expect(fillChatText('codeSentTo')).toBe('I sent a verification code by SMS to +{mobileNo}.');
    expect(fillChatText('wrongCode', { mobileNo: 'x' })).toBe('that is not the code I sent you');
  });
});
