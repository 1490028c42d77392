// Draws one Analysis: the value or the error, the repairs list, the reply with its marks, the
// candidates and the feedback text.
import type { TextRepair } from '../src/index.js';
import { type Analysis, type CandidateView, changeOf } from './analyse.js';
import { byId, el, pretty, short } from './dom.js';
import { type Mark, marksOf } from './marks.js';

/** Text repairs drawn and listed; a reply with more (a huge damaged document) lists the first ones. */
const MAX_SHOWN = 2000;

/** One line about a text repair: kind, where, before → after. */
function textRepairLine(r: TextRepair, reply: string): string {
  const { before, after } = changeOf(r, reply);
  return `${r.kind} at ${r.line}:${r.column} — ${before} → ${after}`;
}

/** Shows the details of the text repairs drawn at one mark, and lights the mark and its list items. */
function select(reply: string, repairs: readonly TextRepair[], mark: Mark, node: HTMLElement): void {
  document.querySelectorAll('.lit').forEach((lit) => lit.classList.remove('lit'));
  node.classList.add('lit');
  for (const i of mark.repairs) document.getElementById(`repair-${i}`)?.classList.add('lit');
  const lines = mark.repairs.map((i) => `${textRepairLine(repairs[i], reply)} (${repairs[i].detail})`);
  if (mark.error) lines.push('the error is here');
  byId('repair-detail').textContent = lines.join('\n');
}

function markNode(reply: string, repairs: readonly TextRepair[], mark: Mark): HTMLElement {
  const text = reply.slice(mark.start, mark.end);
  const kinds = mark.repairs.map((i) => repairs[i].kind);
  const label = mark.error ? 'error position' : kinds.join(', ');
  const node = el('mark', {
    tabindex: '0',
    class: `${mark.error ? 'error-at' : 'repair'}${text === '' ? ' point' : ''}`,
    title: mark.repairs.map((i) => textRepairLine(repairs[i], reply)).join('\n') || label,
    'aria-label': `${label} at offset ${mark.start}`,
    id: `mark-${mark.start}-${mark.end}`,
  }, text);
  const show = (): void => select(reply, repairs, mark, node);
  node.addEventListener('mouseenter', show);
  node.addEventListener('focus', show);
  node.addEventListener('click', show);
  return node;
}

/** The reply as text nodes and marks; text outside the chosen candidate is dimmed. */
function drawReply(reply: string, analysis: Analysis): Map<number, HTMLElement> {
  const view = byId('reply-view');
  const chosen = analysis.candidates.find((c) => c.chosen);
  const marks = marksOf(reply, analysis.textRepairs.slice(0, MAX_SHOWN), analysis.error?.offset);
  const byRepair = new Map<number, HTMLElement>();
  const pieces: Node[] = [];
  // Cut points: mark edges and the chosen span's edges, so dimming never splits a mark.
  let at = 0;
  const plain = (to: number): void => {
    while (at < to) {
      const edge = chosen === undefined ? to : at < chosen.start ? Math.min(to, chosen.start) : at < chosen.end ? Math.min(to, chosen.end) : to;
      const text = reply.slice(at, edge);
      const outside = chosen !== undefined && (edge <= chosen.start || at >= chosen.end);
      pieces.push(outside ? el('span', { class: 'prose' }, text) : document.createTextNode(text));
      at = edge;
    }
  };
  for (const mark of marks) {
    plain(mark.start);
    const node = markNode(reply, analysis.textRepairs, mark);
    for (const i of mark.repairs) byRepair.set(i, node);
    pieces.push(node);
    at = Math.max(at, mark.end);
  }
  plain(reply.length);
  view.replaceChildren(...pieces);
  return byRepair;
}

function drawRepairs(reply: string, analysis: Analysis, marks: Map<number, HTMLElement>): void {
  const items: HTMLElement[] = analysis.textRepairs.slice(0, MAX_SHOWN).map((r, i) => {
    // The item itself is the control (a button inside a list item breaks the list's numbering).
    const item = el('li', { id: `repair-${i}`, class: 'text-repair', 'data-kind': r.kind, tabindex: '0', role: 'button', title: 'Show in the reply' }, textRepairLine(r, reply));
    const show = (): void => {
      const mark = marks.get(i);
      if (mark) {
        mark.focus();
        mark.scrollIntoView({ block: 'nearest' });
      }
    };
    item.addEventListener('click', show);
    item.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      show();
    });
    return item;
  });
  for (const r of analysis.schemaRepairs) {
    const after = r.after === undefined ? '(removed)' : short(r.after);
    items.push(el('li', { class: 'schema-repair', 'data-kind': r.kind }, `${r.kind} at ${r.path === '' ? '(root)' : r.path} — ${short(r.before)} → ${after}`));
  }
  byId('repairs').replaceChildren(...items);
  const n = analysis.textRepairs.length + analysis.schemaRepairs.length;
  const hidden = n - items.length;
  byId('repair-count').textContent = `(${n === 0 ? 'none' : n}${hidden > 0 ? `; the first ${MAX_SHOWN} text repairs are shown` : ''})`;
}

function candidateLine(c: CandidateView): string {
  const flags = [c.reasoning ? 'reasoning' : '', c.truncated ? 'cut off' : ''].filter(Boolean).join(', ');
  return `${c.start}–${c.end} ${c.source}${flags ? ` (${flags})` : ''}: ${c.why}`;
}

function drawError(analysis: Analysis): void {
  const box = byId('error');
  const error = analysis.error;
  if (error === undefined) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const parts: (Node | string)[] = [el('strong', { class: 'code-name' }, error.code), ` ${error.message}`];
  if (error.line !== undefined) parts.push(el('span', { class: 'where' }, ` (line ${error.line}, column ${error.column}, offset ${error.offset})`));
  if (error.path !== undefined) parts.push(el('span', { class: 'where' }, ` at ${error.path === '' ? '(root)' : error.path}`));
  const children: Node[] = [el('p', {}, ...parts)];
  if (error.excerpt !== undefined) children.push(el('pre', { class: 'code small' }, error.excerpt));
  if (analysis.issues.length > 0) {
    children.push(el('ul', { class: 'issues' }, ...analysis.issues.map((i) => el('li', {}, `${i.path === '' ? '(root)' : i.path}: expected ${i.expected}, got ${i.received}`))));
  }
  box.replaceChildren(...children);
  box.hidden = false;
}

/** Draws everything the analysis holds. */
export function render(reply: string, analysis: Analysis): void {
  byId('value').textContent = analysis.ok ? pretty(analysis.value) : '';
  drawError(analysis);
  const marks = drawReply(reply, analysis);
  drawRepairs(reply, analysis, marks);
  byId('repair-detail').textContent = '';
  byId('candidates').replaceChildren(...analysis.candidates.map((c) => el('li', { class: c.chosen ? 'chosen' : 'skipped' }, candidateLine(c))));
  byId('feedback').textContent = analysis.feedback ?? (analysis.ok ? 'None: the reply was accepted.' : '');
}
