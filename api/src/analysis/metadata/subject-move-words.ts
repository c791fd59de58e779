/**
 * The words for a clip's subject and camera move: the description's phrases (offline.ts) and the
 * title's head and move (titles.ts) come from the same choice, so both files read them from here.
 */
import { seaAdjective } from '../place/index.js';
import type { LandCover } from './land-cover.js';
import { desertScene, subjectOf, type Subject } from './scene.js';
import type { ClipFacts } from './types.js';
import type { Phrase } from './wording.js';

/** The subject, with the gazetteer's urban/rural weighed in (a town's streets are a city, not countryside). */
export function clipSubject(f: ClipFacts, cover: LandCover): Subject {
  const s = subjectOf(f);
  if (cover === 'urban' && (s === 'countryside' || s === 'landscape')) return 'city';
  if (cover === 'rural' && s === 'city') return 'landscape';
  return s;
}

interface SubjectWords {
  np: Phrase;
  title: string;
}

/** Water by the sea's coast inside a named fjord. */
export function inFjord(subject: Subject, f: ClipFacts): boolean {
  return (
    f.place?.namedPlaceKind === 'fjord' &&
    (subject === 'coast' || subject === 'cliffs' || subject === 'open-sea' || subject === 'waterside' || subject === 'beach')
  );
}

export function subjectWords(subject: Subject, f: ClipFacts, cover: LandCover): SubjectWords {
  const np = (text: string): Phrase => ({ kind: 'np', text });
  const city = f.place?.city ?? null;
  const sea = f.place?.seaName ?? null;
  const adj = sea ? `${seaAdjective(sea)} ` : '';
  const farmland = cover === 'rural' && (f.scene?.bottom.vegetation ?? 0) >= 0.28;
  // In a fjord the seas data sees the sea's coast; a buyer searches "fjord" (Geirangerfjord, Milford Sound).
  if (inFjord(subject, f)) return { np: np('the fjord'), title: 'Fjord' };
  switch (subject) {
    case 'open-sea':
      return sea ? { np: np(`the open water of the ${sea}`), title: `${sea} open water` } : { np: np('the open sea'), title: 'Open sea' };
    case 'coast':
      return { np: np(`the ${adj}coastline`), title: `${adj}coastline`.replace(/^./, (c) => c.toUpperCase()) };
    case 'beach':
      return { np: np(sea ? `a beach on the ${sea}` : 'a sandy beach'), title: sea ? `${adj}beach` : 'Sandy beach' };
    case 'cliffs':
      return { np: np(`a line of sea cliffs on the ${sea ?? 'coast'}`), title: `${adj}sea cliffs`.replace(/^./, (c) => c.toUpperCase()) };
    case 'lake':
      return { np: np('a lake'), title: 'Lake' };
    case 'river':
      return { np: np('the river'), title: 'River' };
    case 'waterside':
      return { np: np('the water'), title: 'Waterside landscape' };
    case 'snow':
      return { np: np('snow-covered land'), title: 'Snowy landscape' };
    case 'forest':
      return { np: np('the forest'), title: 'Forest' };
    case 'countryside':
      return farmland ? { np: np('farmland'), title: 'Farmland' } : { np: np('the countryside'), title: 'Countryside' };
    case 'city':
      return cover === 'urban' && city ? { np: np(city), title: `${city} cityscape` } : { np: np('the town'), title: 'Town' };
    default:
      return desertScene(f) ? { np: np('the desert'), title: 'Desert landscape' } : { np: np('the landscape'), title: 'Landscape' };
  }
}

export interface MoveWords {
  vt: Phrase;
  vi: Phrase;
  title: string;
  /** Longer title phrase for short titles. */
  titleLong: string;
}

const verb = (kind: 'vt' | 'vi', text: string): Phrase => ({ kind, text, verb: text.split(' ')[0]! });

export function moveWords(id: string): MoveWords {
  const m = (vt: string, vi: string, title: string, titleLong: string): MoveWords => ({ vt: verb('vt', vt), vi: verb('vi', vi), title, titleLong });
  switch (id) {
    case 'orbit':
      return m('circles', 'circles overhead', 'in an aerial orbit', 'in a slow aerial orbit');
    case 'flyover':
      return m('flies over', 'flies past', 'in a drone flyover', 'in a fast drone flyover');
    case 'rising':
      return m('rises above', 'rises', 'from a rising drone', 'seen from a rising drone');
    case 'descending':
      return m('descends toward', 'descends', 'from a descending drone', 'seen from a descending drone');
    case 'tracking':
      return m('moves steadily over', 'moves steadily forward', 'in an aerial tracking shot', 'in a steady aerial tracking shot');
    case 'pan':
      return m('pans across', 'pans slowly', 'in an aerial pan', 'in a slow aerial panorama');
    case 'top_down':
      return m('looks straight down on', 'looks straight down', 'seen from directly above', 'seen by a drone from directly above');
    case 'hover':
      return m('hovers above', 'hovers in place', 'from a hovering drone', 'seen from a hovering drone');
    default:
      return m('captures', 'flies overhead', 'from the air', 'seen from the air');
  }
}
