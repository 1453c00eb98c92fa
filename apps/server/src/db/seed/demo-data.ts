/** The twelve specialties of the demo hospital group: role code and display. */
export const DEMO_SPECIALTIES = [
  { code: 'cardiologist', display: 'Cardiologist', doctorFee: 3500 },
  { code: 'consultant_physician', display: 'Consultant Physician', doctorFee: 2500 },
  { code: 'paediatrician', display: 'Paediatrician', doctorFee: 3000 },
  { code: 'dermatologist', display: 'Dermatologist', doctorFee: 3000 },
  { code: 'ent_surgeon', display: 'ENT Surgeon', doctorFee: 3000 },
  { code: 'gynaecologist_obstetrician', display: 'Gynaecologist & Obstetrician', doctorFee: 3500 },
  { code: 'neurologist', display: 'Neurologist', doctorFee: 4000 },
  { code: 'psychiatrist', display: 'Psychiatrist', doctorFee: 4000 },
  { code: 'orthopaedic_surgeon', display: 'Orthopaedic Surgeon', doctorFee: 3500 },
  { code: 'eye_surgeon', display: 'Eye Surgeon', doctorFee: 3000 },
  { code: 'urologist', display: 'Urologist', doctorFee: 3500 },
  { code: 'general_surgeon', display: 'General Surgeon', doctorFee: 3000 },
] as const;

/** Every doctor also has this role; it is never displayed (spec doc 1 §3). */
export const DOCTOR_ROLE = { code: 'doctor', display: 'Doctor' } as const;

/** The branches of each demo group; the last one is closed (inactive) and never listed. */
export const DEMO_BRANCHES = [
  {
    city: 'Colombo',
    phone: '+94112500500',
    hospitalFee: 1000,
    rooms: ['OPD Room 4, Level 1', 'Channelling Centre, Level 2'],
  },
  {
    city: 'Kandy',
    phone: '+94812200200',
    hospitalFee: 800,
    rooms: ['Consultation Room 7', 'Channelling Wing, Ground Floor'],
  },
  {
    city: 'Galle',
    phone: '+94912234567',
    hospitalFee: 750,
    rooms: ['Room 3, Level 1', 'Specialist Clinic, Level 2'],
  },
  { city: 'Negombo', phone: '+94312222333', hospitalFee: 750, rooms: ['Room 1'], closed: true },
] as const;

/** Hospital fee tax, as a fraction of the hospital fee (a charge category refunds may exclude, spec doc 2 §4). */
export const HOSPITAL_FEE_TAX_RATE = 0.08;

/**
 * One fixed, always-active doctor per specialty (same order as DEMO_SPECIALTIES), so that browser
 * tests can rely on names. Each has an evening session every day at the Colombo branch.
 */
export const ANCHOR_DOCTORS = [
  { given: 'Nimal', family: 'Perera' },
  { given: 'Dilani', family: 'Jayasinghe' },
  { given: 'Kumaran', family: 'Sivapalan' },
  { given: 'Sanduni', family: 'Wickramasinghe' },
  { given: 'Ruwan', family: 'Bandara' },
  { given: 'Fathima', family: 'Rizvi' },
  { given: 'Chaminda', family: 'Dissanayake' },
  { given: 'Shirani', family: 'Gunawardena' },
  { given: 'Lalith', family: 'Ekanayake' },
  { given: 'Thilini', family: 'Herath' },
  { given: 'Mohamed', family: 'Marikar' },
  { given: 'Priyantha', family: 'Karunaratne' },
] as const;

export const GIVEN_NAMES = [
  'Anura',
  'Asanka',
  'Ayesha',
  'Buddhika',
  'Chathura',
  'Damith',
  'Dinesh',
  'Gayani',
  'Harsha',
  'Hiruni',
  'Indika',
  'Ishara',
  'Janaka',
  'Kamal',
  'Kasun',
  'Kavinda',
  'Lakmal',
  'Malini',
  'Menaka',
  'Nadeesha',
  'Nuwan',
  'Pradeep',
  'Rizwan',
  'Roshan',
  'Sajith',
  'Sivakumar',
  'Suresh',
  'Sunil',
  'Tharindu',
  'Upul',
  'Vasantha',
  'Yasodha',
  'Rukshana',
  'Kethees',
  'Niroshan',
  'Amali',
];

export const FAMILY_NAMES = [
  'Abeysekera',
  'Amarasinghe',
  'Cassim',
  'de Silva',
  'Fernando',
  'Hameed',
  'Jayawardena',
  'Kumarasinghe',
  'Liyanage',
  'Mendis',
  'Navaratnam',
  'Peiris',
  'Ranasinghe',
  'Rathnayake',
  'Rodrigo',
  'Samarasinghe',
  'Silva',
  'Thurairajah',
  'Weerasinghe',
  'Wijesinghe',
  'Senaratne',
  'Gamage',
  'Kodikara',
  'Wanigasekera',
];

/** Default lab test codes 00000001 to 00000007 (spec doc 1 §3, doc 3 §3), with a few parameters each. */
export const DEFAULT_DIAGNOSTIC_REPORT_CODES = [
  {
    code: '00000001',
    display: 'Full Blood Count',
    resultValueType: 'quantitative',
    subCodes: [
      { name: 'Haemoglobin', unit: 'g/dL', low: 11.5, high: 16.5 },
      { name: 'White Blood Cells', unit: '10^3/uL', low: 4, high: 11 },
      { name: 'Platelets', unit: '10^3/uL', low: 150, high: 450 },
    ],
  },
  {
    code: '00000002',
    display: 'Urine Full Report',
    resultValueType: 'qualitative',
    subCodes: [
      { name: 'Colour', unit: null, low: null, high: null },
      { name: 'Pus Cells', unit: '/HPF', low: 0, high: 5 },
    ],
  },
  { code: '00000003', display: 'Chest X-Ray', resultValueType: 'qualitative', subCodes: [] },
  { code: '00000004', display: 'ECG', resultValueType: 'qualitative', subCodes: [] },
  {
    code: '00000005',
    display: 'ESR',
    resultValueType: 'quantitative',
    subCodes: [{ name: 'ESR', unit: 'mm/1st hr', low: 0, high: 20 }],
  },
  {
    code: '00000006',
    display: 'SGPT',
    resultValueType: 'quantitative',
    subCodes: [{ name: 'SGPT (ALT)', unit: 'U/L', low: 0, high: 41 }],
  },
  {
    code: '00000007',
    display: 'Gamma GT',
    resultValueType: 'quantitative',
    subCodes: [{ name: 'Gamma GT', unit: 'U/L', low: 8, high: 61 }],
  },
] as const;

export const DIAGNOSTIC_REPORT_CODE_SYSTEM = 'https://careline.lk/fhir/diagnostic-report-code';

/** Default procedure codes: general X-ray, ECG, echo, ambulance (spec doc 1 §3). */
export const DEFAULT_PROCEDURE_CODES = [
  { code: 'P0000001', display: 'General X-Ray' },
  { code: 'P0000002', display: 'ECG' },
  { code: 'P0000003', display: 'Echo' },
  { code: 'P0000004', display: 'Ambulance' },
] as const;

export const PROCEDURE_CODE_SYSTEM = 'https://careline.lk/fhir/procedure-code';

/**
 * The questionnaire asked before a visit at every hospital of a demo tenant (spec doc 3 §2
 * Questionnaire; issue 30 §4.9): allergies, medicines, symptoms, long-term conditions and what the
 * patient wants to talk about, in English with its Sinhala and Tamil texts (the patient reads it in
 * the account's language). A checkBox question's options are in the same order in each language.
 */
export const PRE_VISIT_QUESTIONNAIRE = {
  name: 'pre-visit-questionnaire',
  title: 'Before your visit',
  items: [
    { linkId: '1', text: 'Are you allergic to any medicines, foods or anything else? Please name them.', type: 'text' },
    { linkId: '2', text: 'Which medicines are you taking at the moment, and how much of each?', type: 'text' },
    {
      linkId: '3',
      text: 'Do you have any of these symptoms now?',
      type: 'checkBox',
      options: ['Fever', 'Cough', 'Shortness of breath', 'Chest pain', 'Headache', 'Diarrhoea or vomiting'],
    },
    {
      linkId: '4',
      text: 'Do you have any of these long-term conditions?',
      type: 'checkBox',
      options: ['Diabetes', 'High blood pressure', 'Heart disease', 'Asthma', 'Kidney disease'],
    },
    { linkId: '5', text: 'What would you like to talk to the doctor about?', type: 'text' },
  ],
  translations: {
    si: {
      title: 'ඔබගේ පැමිණීමට පෙර',
      items: [
        { linkId: '1', text: 'ඔබට කිසියම් ඖෂධයකට, ආහාරයකට හෝ වෙනත් දෙයකට අසාත්මිකතාවක් තිබේද? කරුණාකර ඒවා සඳහන් කරන්න.' },
        { linkId: '2', text: 'ඔබ දැනට ගන්නා ඖෂධ මොනවාද, එක් එක් ඖෂධය කොපමණ ප්‍රමාණයකින්ද?' },
        {
          linkId: '3',
          text: 'ඔබට දැන් මෙම රෝග ලක්ෂණ කිසිවක් තිබේද?',
          options: ['උණ', 'කැස්ස', 'හුස්ම ගැනීමේ අපහසුව', 'පපුවේ වේදනාව', 'හිසරදය', 'පාචනය හෝ වමනය'],
        },
        {
          linkId: '4',
          text: 'ඔබට මෙම දිගුකාලීන රෝග කිසිවක් තිබේද?',
          options: ['දියවැඩියාව', 'අධි රුධිර පීඩනය', 'හෘද රෝග', 'ඇදුම', 'වකුගඩු රෝග'],
        },
        { linkId: '5', text: 'ඔබ වෛද්‍යවරයා සමඟ කතා කිරීමට කැමති කුමක් ගැනද?' },
      ],
    },
    ta: {
      title: 'உங்கள் வருகைக்கு முன்',
      items: [
        { linkId: '1', text: 'ஏதேனும் மருந்து, உணவு அல்லது வேறு ஏதாவது உங்களுக்கு ஒவ்வாமை உள்ளதா? அவற்றைக் குறிப்பிடவும்.' },
        { linkId: '2', text: 'தற்போது நீங்கள் எந்த மருந்துகளை எடுத்துக்கொள்கிறீர்கள், ஒவ்வொன்றும் எவ்வளவு?' },
        {
          linkId: '3',
          text: 'இப்போது உங்களுக்கு இவற்றில் ஏதேனும் அறிகுறிகள் உள்ளதா?',
          options: ['காய்ச்சல்', 'இருமல்', 'மூச்சுத் திணறல்', 'நெஞ்சு வலி', 'தலைவலி', 'வயிற்றுப்போக்கு அல்லது வாந்தி'],
        },
        {
          linkId: '4',
          text: 'உங்களுக்கு இவற்றில் ஏதேனும் நீண்டகால நோய்கள் உள்ளதா?',
          options: ['நீரிழிவு', 'உயர் இரத்த அழுத்தம்', 'இதய நோய்', 'ஆஸ்துமா', 'சிறுநீரக நோய்'],
        },
        { linkId: '5', text: 'மருத்துவரிடம் எதைப் பற்றிப் பேச விரும்புகிறீர்கள்?' },
      ],
    },
  },
};
