// The not-found page (D1-017, D1-018).
export function NotFound() {
  return (
    <section className="gz-not-found" aria-labelledby="gz-404">
      <h1 id="gz-404">404</h1>
      <p>Oh dear something went wrong</p>
    </section>
  );
}
