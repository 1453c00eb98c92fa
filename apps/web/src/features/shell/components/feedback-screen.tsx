/** patient-feedback? and pf? addresses (spec doc 1 §2); the rating screen itself is document 2's. */
export function FeedbackScreen() {
  return (
    <section className="screen" aria-labelledby="feedback-title">
      <h1 id="feedback-title">Feedback</h1>
    </section>
  );
}
