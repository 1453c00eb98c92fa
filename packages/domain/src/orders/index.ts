/**
 * Orders: medication, examination (lab tests), procedure and admission (Finance) orders, as pure
 * rules and texts (issue 10; spec doc 3 §1–§9). Import from '@careline/domain/orders'.
 *
 * The state machine (./transitions.ts)
 * ------------------------------------
 * Each category keeps its own order status (medicationOrderStatus, examinationOrderStatus,
 * procedureOrderStatus, encounterOrderStatus; spec doc 3 §3), starting at new. The spec lists the
 * statuses (§4) but not who moves them; the moves below are ours.
 *
 *   Medication   new → confirming → preparing → delivering → completed
 *   Examination  new → confirming → preparing → sampleCollecting → sampleCollectingHome → sampleCollected
 *                → sampleArrived → processing → reportReady → completed
 *                (confirming → sampleCollecting directly; preparing → sampleCollected for a hospital visit;
 *                 sampleCollecting → sampleCollected without the on-the-way step)
 *   Procedure    new → confirming → preparing → [sampleCollecting →] processing → completed
 *   Admission    new → confirming → drConfirming → preparing → processing → completed (no sample states)
 *                (completed straight from drConfirming or preparing too: the patient is admitted)
 *   Any open status → canceled (with outOfStock, patientNoResponse or patientRequested).
 *
 * Events: transitionOrder(order, event, actor, expectedVersion?) answers the next state with an
 * order-events history line (which feeds the patient's tracker and the staff timeline), whether to
 * prepare the invoice again and which notice (SMS) to send, or an explicit refusal as a
 * 'CODE:message' string. Checks run in order: the optimistic lock (ARO-E6002 'This order was
 * changed by someone else…'), the actor's right (ARO-E1210), a replaced order (ARO-E6004), then
 * the event's own rules.
 * - Staff of the category (pharmacist for medication, lab technician for examination, nurse for
 *   procedure, nurse or doctor for admission; admins for all): setCharge (new → confirming, prepares
 *   the invoice; refused once paid), setEstimatedTime (medication only), scheduleSampleCollection
 *   (home requests only; collector and time; → sampleCollecting), moveStatus (only the forward moves
 *   of ORDER_STATUS_MOVES; leaving confirming needs a charge, except for admissions), complete (from
 *   the last working status; refused while any charge is unpaid, cash included: the cash is taken
 *   first at the desk, which records the payment), cancel (reason from the list), replace.
 *   The preconditions of a move (the charge set, the home collection scheduled, the charge paid) are
 *   one rule, orderMoveBlock: transitionOrder refuses by it, and staffOrderMoves offers each move of
 *   nextOrderStatuses with it, so the console shows a move that waits disabled with the reason and
 *   what to do first (issue 30 §2.3). An admission is completed only once a charge set is paid.
 * - Staff and the system (the payments module): recordPayment (cashiers too).
 * - The patient: choosePaymentMethod, replace (a lab test confirmed with a sample collection date).
 * - The patient and staff: changeAddress and changeInitiatedFor ('Are you sure want to Change
 *   request?'), allowed while the order is open, not replaced and in new, confirming or preparing;
 *   the switch is refused for admissions and once paid (requestChangeBlock); addNote (patient →
 *   patientReplied, staff → performerReplied; closed on completed orders); attachDocument (staff
 *   also after completion).
 * completed and canceled are terminal: events are refused there with ARO-E6001, except notes on a
 * canceled order (a completed order's notes are closed, ARO-E6021) and staff documents on a
 * completed order (results may come after).
 *
 * Also here: categories, codes and routes (./categories.ts), statuses and their labels
 * (./status.ts), trackers and the payment status display (./trackers.ts), the order view's and
 * lists' display rules (./display.ts), uploads and submit rules (./validation.ts), the zod input
 * schemas (./order-inputs.ts), and every text (ORDER_TEXTS, ./texts.ts).
 */
export * from './categories.ts';
export * from './status.ts';
export * from './texts.ts';
export * from './order-events.ts';
export * from './transitions.ts';
export * from './trackers.ts';
export * from './lab-order-progress.ts';
export * from './display.ts';
export * from './list-display.ts';
export * from './payment-display.ts';
export * from './validation.ts';
export * from './order-inputs.ts';
