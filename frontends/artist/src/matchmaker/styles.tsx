// The matchmaker pages' layout rules: media queries and the loading pulse need a stylesheet (the
// apps import no CSS files). React 19 hoists it into <head> once, however many pages render it. The
// breakpoints that change what is rendered (the Commit label, the row title's width) are read with
// matchMedia in the components (breakpoints.ts); this sheet has only the narrow layout's spacing.

import { NARROW } from './breakpoints';

const CSS = `
.mm-player { max-width: 560px; margin: 0 auto; padding: 16px; display: flex; flex-direction: column;
  align-items: center; gap: 16px; outline: none; }
.mm-toolbar { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; }
.mm-card { width: 100%; display: flex; flex-direction: column; align-items: center; gap: 12px; min-height: 120px; }
.mm-cover { position: relative; width: min(100%, 340px); aspect-ratio: 1; border-radius: 16px; overflow: hidden;
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.15); touch-action: pan-y; user-select: none; transition: transform 0.15s ease-out; }
.mm-cover img, .mm-cover .mm-default-cover { width: 100%; height: 100%; object-fit: cover; display: flex;
  align-items: center; justify-content: center; }
.mm-default-cover { background: linear-gradient(135deg, #7c3aed, #db2777); color: #fff; font-size: 96px; }
.mm-pulse { position: absolute; top: 12px; right: 12px; width: 14px; height: 14px; border-radius: 50%;
  background: #7c3aed; animation: mm-pulse 1s ease-in-out infinite; }
@keyframes mm-pulse { 0%, 100% { opacity: 0.3; transform: scale(0.8); } 50% { opacity: 1; transform: scale(1.2); } }
@media (prefers-reduced-motion: reduce) { .mm-pulse { animation: none; } .mm-cover { transition: none; } }
.mm-titles { text-align: center; max-width: 100%; }
.mm-titles .mm-beat-name { margin: 0; font-size: 24px; overflow-wrap: anywhere; }
.mm-producer { font-size: 16px; }
.mm-why { margin: 8px 0 0; font-size: 13px; }
.mm-controls { display: flex; align-items: center; gap: 28px; }
/* .ant-btn raises these above antd's own icon-button width (it was drawing ovals). */
.mm-controls .ant-btn.mm-play { width: 72px; min-width: 72px; height: 72px; font-size: 28px; }
.mm-controls .ant-btn.mm-pass, .mm-controls .ant-btn.mm-match { width: 56px; min-width: 56px; height: 56px; font-size: 22px; }
.mm-controls .mm-pass { color: #cf1322; }
.mm-controls .mm-match { color: #db2777; }
.mm-controls [aria-disabled='true'] { opacity: 0.45; cursor: not-allowed; }
.mm-player .ant-typography.ant-typography-secondary, .mm-list .ant-typography.ant-typography-secondary,
.mm-dialog .ant-typography.ant-typography-secondary { color: rgba(0, 0, 0, 0.65); }
.mm-hint { margin: 0; color: rgba(0, 0, 0, 0.55); font-size: 13px; text-align: center; }
.mm-tag { display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 4px 8px; font-size: 13px; }
.mm-tag label { font-weight: 600; cursor: pointer; }
.mm-tag-hint { color: rgba(0, 0, 0, 0.65); }
.mm-list { max-width: 960px; margin: 0 auto; }
.mm-list-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; padding: 8px 16px; }
.mm-rows { list-style: none; margin: 0; padding: 0; }
.mm-row { border-bottom: 1px solid #f0f0f0; padding: 12px 16px; }
.mm-row-main { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.mm-row-play { flex: 1 1 200px; min-width: 0; display: flex; align-items: center; gap: 12px; background: none;
  border: 0; padding: 0; text-align: left; cursor: pointer; font: inherit; color: inherit; border-radius: 8px; }
.mm-row-play:focus-visible { outline: 3px solid rgba(124, 58, 237, 0.5); outline-offset: 2px; }
.mm-row-play:disabled { cursor: default; }
.mm-row-text { min-width: 0; display: flex; flex-direction: column; }
.mm-row-name { font-weight: 600; font-size: 16px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.mm-row-actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.mm-lyrics { margin-top: 12px; }
@media ${NARROW} { .mm-player { padding: 8px; } .mm-controls { gap: 20px; } .mm-row-actions { width: 100%; justify-content: flex-end; } }
`;

export function MatchmakerStyles() {
  return (
    <style href="beatmatch-matchmaker" precedence="default">
      {CSS}
    </style>
  );
}
