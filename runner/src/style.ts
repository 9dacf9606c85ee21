// The runner's styles, injected once (the page's CSP allows inline styles, never inline script).
export const CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2433;background:#f6f7f9}
.gb-message{max-width:36rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.gb-message h1{font-size:1.4rem;margin:0 0 .5rem}
.gb-bar{position:sticky;top:0;z-index:50;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.4rem 1rem;background:#fff;border-bottom:1px solid #dde1e8;font-size:.85rem}
.gb-test{background:#fff4d6;color:#6b4a00;border-bottom-color:#f0c45a;font-weight:600}
.gb-gaze{color:#4a5568}
.gb-step{padding:1.5rem 1rem 6rem;max-width:72rem;margin:0 auto}
.gb-step h1{font-size:1.5rem;margin:0 0 1rem}
.gb-text{white-space:pre-line;max-width:40rem}
.gb-stim-wrap{display:flex;justify-content:center;padding:1rem 0}
.gb-stim{position:relative;display:inline-block;max-width:100%;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.15)}
.gb-stim img,.gb-stim video{display:block;max-width:100%;height:auto}
.gb-stim iframe{display:block;border:0;max-width:100%}
.gb-shield{position:absolute;inset:0}
.gb-page{position:relative;width:1280px;max-width:none;margin:0 auto;background:#fff}
.gb-page iframe{display:block;width:100%;border:0}
.gb-step[data-step-type=cache]{max-width:none;padding:0 0 6rem}
.gb-place{position:absolute;box-shadow:none}
.gb-next-row{display:flex;justify-content:flex-end;max-width:72rem;margin:0 auto;padding:0 1rem 2rem}
.gb-next,.gb-decline{font:inherit;font-weight:600;padding:.65rem 1.6rem;border:0;border-radius:8px;background:#2f5bea;color:#fff;cursor:pointer}
.gb-next:focus-visible,.gb-decline:focus-visible,.gb-dot:focus-visible{outline:3px solid #f0a500;outline-offset:3px}
.gb-next[hidden]{display:none}
.gb-next:disabled,.gb-decline:disabled{opacity:.6;cursor:progress}
.gb-floating{position:fixed;right:1.5rem;bottom:1.5rem;z-index:30;box-shadow:0 4px 12px rgba(0,0,0,.25)}
.gb-calibration{position:fixed;inset:0;z-index:40;background:#eef1f6}
.gb-calibration-note{position:absolute;left:50%;top:32%;transform:translateX(-50%);margin:0;text-align:center;width:min(90vw,28rem)}
.gb-dot{position:absolute;width:28px;height:28px;margin:-14px 0 0 -14px;border-radius:50%;border:4px solid #fff;background:#d62f2f;box-shadow:0 0 0 2px #d62f2f;cursor:pointer;padding:0}
.gb-dot{touch-action:manipulation}
@media (pointer:coarse){.gb-dot::after{content:"";position:absolute;inset:-12px;border-radius:50%}}
.gb-face{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);z-index:2;width:min(92vw,30rem);max-height:calc(100% - 1rem);overflow:auto;padding:1.25rem;background:#fff;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,.18)}
.gb-face[hidden],.gb-face [hidden]{display:none}
.gb-face h2{font-size:1.2rem;margin:0 0 .5rem}
.gb-face[data-face=lost] h2{color:#a12020}
.gb-face p{margin:0 0 .5rem}
.gb-face-preview{display:block;width:100%;max-height:28vh;object-fit:contain;background:#1d2433;border-radius:8px;transform:scaleX(-1)}
.gb-dot:disabled{background:#2f9e44;box-shadow:0 0 0 2px #2f9e44}
fieldset{border:1px solid #dde1e8;border-radius:8px;margin:0 0 1rem;padding:1rem;background:#fff;max-width:40rem}
legend{font-weight:600;padding:0 .25rem}
.gb-option{display:flex;gap:.5rem;align-items:center;padding:.2rem 0}
textarea{font:inherit;width:100%;min-height:5rem;padding:.5rem;border:1px solid #b8c0cc;border-radius:6px}
.gb-status{color:#4a5568}
.gb-actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:flex-end;margin-top:1.25rem}
.gb-secondary{background:#fff;color:#2f5bea;box-shadow:inset 0 0 0 2px #2f5bea}
.gb-camera-failed h1{color:#a12020}
.gb-consent{max-width:42rem}
.gb-consent .gb-text{margin:0 0 .75rem}
.gb-step[data-step-type=embedded]{max-width:none;padding:0 0 6rem}
.gb-embedded{width:100%;max-width:1280px}
@media (max-width:600px){.gb-message{margin:10vh .75rem;padding:1.5rem}.gb-step{padding:1rem .75rem 6rem}.gb-floating{right:.75rem;bottom:.75rem}}
`;
