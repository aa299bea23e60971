// The looping flame of the Ignite button: plain SVG + CSS keyframes (see app.css), no library.
export function IgniteFlame() {
  return (
    <svg className="flame" viewBox="0 0 40 48" width="34" height="40" aria-hidden="true">
      <defs>
        <radialGradient id="flame-outer" cx="50%" cy="75%" r="65%">
          <stop offset="0%" stopColor="#ffd36b" />
          <stop offset="55%" stopColor="#ff7a1a" />
          <stop offset="100%" stopColor="#e23a0e" />
        </radialGradient>
      </defs>
      <path
        className="flame-outer"
        d="M20 2c4 9 14 13 14 27a14 14 0 0 1-28 0c0-7 4-11 7-14 0 5 2 8 5 9-2-7 0-15 2-22z"
        fill="url(#flame-outer)"
      />
      <path
        className="flame-inner"
        d="M20 22c2 4 7 7 7 14a7 7 0 0 1-14 0c0-4 2-6 4-8 0 3 1 4 2 5-1-4 0-8 1-11z"
        fill="#fff4c2"
      />
    </svg>
  );
}
