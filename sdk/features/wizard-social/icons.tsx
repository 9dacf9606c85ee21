// Small line icons for the previews (emoji are not on every machine: a missing font draws boxes).
const svg = (d: string, label?: string) => (
  <svg viewBox="0 0 24 24" width="1.1em" height="1.1em" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"
    style={{ verticalAlign: '-0.2em' }} aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label}>
    <path d={d} />
  </svg>
);
export const Heart = () => svg('M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z');
export const Comment = () => svg('M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z');
export const Share = () => svg('M22 2 11 13M22 2l-7 20-4-9-9-4z');
export const Like = () => svg('M7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3m7-2V5a3 3 0 0 0-3-3l-4 9v11h11.3a2 2 0 0 0 2-1.7l1.4-9A2 2 0 0 0 19.7 9z');
export const Globe = () => svg('M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20');
