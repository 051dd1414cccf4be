/**
 * An OFD's first pages drawn to PNG for the review pane (worker thread only). OFD (GB/T 33190) is a zip of
 * XML: OFD.xml → the document (Document.xml: pages, templates, resources) → each page's Content.xml with
 * layers of PathObjects, TextObjects and ImageObjects placed in millimetres; annotations (watermarks,
 * stamps) are drawn over the page. The package is opened with the extraction library's bounded reader, so
 * the same zip-bomb caps and DOCTYPE refusal hold here.
 *
 * What is drawn: template then page content (ZOrder Background/Foreground), paths (move/line/cubic/
 * quadratic/close; arcs as straight segments), text at its TextCode positions (DeltaX/DeltaY with the
 * `g n v` shorthand), PNG/JPEG images (within the extraction library's size caps, by their headers; the
 * canvas itself within the PDF preview's pixel cap whatever size the page claims); colours and line widths from the object, its layer's DrawParam
 * chain, or defaults. Not drawn: JBIG2 images (no decoder here), clip paths, shadings, the signature's
 * seal (inside the signed value). Within a layer, paths go first, then images, then text: the parsed
 * XML groups objects by kind, and text must stay readable over boxes and seals.
 */
import path from 'node:path';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { openPackage, readPart, parseXml, decodeXml, type ZipEntry } from '../../../../extraction/index.js';
import type { XmlNode } from '../../../../extraction/xml.js';
import { MAX_CANVAS_PIXELS } from '../../../../extraction/pdf-render.js';
import { MAX_PREVIEW_PAGES, PREVIEW_FONT_FAMILY, PREVIEW_WIDTH_PX, pictureFits, registerPreviewFont, type Preview, type PreviewPage } from './canvas.js';

type Node = { [key: string]: XmlNode };
const list = (value: XmlNode | undefined): Node[] => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v): v is Node => typeof v === 'object' && !Array.isArray(v)));
const attr = (node: Node | undefined, name: string): string | undefined => {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
};
const text = (value: XmlNode | undefined): string => (typeof value === 'string' ? value : typeof value === 'object' && !Array.isArray(value) && typeof value['#text'] === 'string' ? value['#text'] : '');
const numbers = (value: string | undefined): number[] => (value ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite);

interface DrawParam {
  relative?: string;
  lineWidth?: number;
  fill?: string;
  stroke?: string;
}

interface Resources {
  drawParams: Map<string, DrawParam>;
  media: Map<string, string>;
}

/** "r g b" (0–255, maybe with alpha 0–255 as a fourth) → CSS. */
function colour(node: XmlNode | undefined): string | undefined {
  const element = list(node)[0];
  const values = numbers(attr(element, 'Value'));
  if (values.length < 3) return undefined;
  const alpha = attr(element, 'Alpha');
  const [r = 0, g = 0, b = 0] = values;
  return `rgba(${r},${g},${b},${alpha === undefined ? 1 : Number(alpha) / 255})`;
}

/** DeltaX/DeltaY: numbers, with `g n v` meaning v repeated n times. */
function deltas(value: string | undefined): number[] {
  const tokens = (value ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let index = 0; index < tokens.length; index++) {
    if (tokens[index] === 'g') {
      const count = Number(tokens[index + 1]);
      const step = Number(tokens[index + 2]);
      for (let n = 0; n < count && n < 10_000; n++) out.push(step);
      index += 2;
    } else out.push(Number(tokens[index]));
  }
  return out;
}

function tracePath(context: SKRSContext2D, data: string): void {
  const tokens = data.trim().split(/\s+/);
  context.beginPath();
  let index = 0;
  const take = (n: number) => tokens.slice(index, (index += n)).map(Number);
  while (index < tokens.length) {
    const command = tokens[index++];
    if (command === 'M' || command === 'S') context.moveTo(...(take(2) as [number, number]));
    else if (command === 'L') context.lineTo(...(take(2) as [number, number]));
    else if (command === 'B') context.bezierCurveTo(...(take(6) as [number, number, number, number, number, number]));
    else if (command === 'Q') context.quadraticCurveTo(...(take(4) as [number, number, number, number]));
    else if (command === 'A') context.lineTo(...(take(7).slice(5) as [number, number]));
    else if (command === 'C') context.closePath();
  }
}

export async function renderOfdPages(bytes: Uint8Array): Promise<Preview> {
  registerPreviewFont();
  const entries = await openPackage(bytes);
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\/+/, '').toLowerCase(), entry]));
  const part = (name: string): ZipEntry | undefined => byName.get(path.posix.normalize(name.replace(/\\/g, '/')).replace(/^\/+/, '').toLowerCase());
  const xml = async (name: string): Promise<Node | undefined> => {
    const entry = part(name);
    if (!entry) return undefined;
    const tree = parseXml(decodeXml(await readPart(entry)));
    return list(tree)[0];
  };
  const root = await xml('OFD.xml');
  const docRoot = text(list(list(root?.OFD)[0]?.DocBody)[0]?.DocRoot).replace(/^\/+/, '');
  if (!docRoot) throw new Error('the OFD names no document');
  const docDir = path.posix.dirname(docRoot);
  const inDoc = (name: string) => (name.startsWith('/') ? name : path.posix.join(docDir, name));
  const document = list((await xml(docRoot))?.Document)[0];
  const common = list(document?.CommonData)[0];

  const resources: Resources = { drawParams: new Map(), media: new Map() };
  for (const resName of [...list(common?.PublicRes), ...list(common?.DocumentRes)].map(text).concat([common?.PublicRes, common?.DocumentRes].filter((v): v is string => typeof v === 'string'))) {
    const resFile = inDoc(resName);
    const res = list((await xml(resFile))?.Res)[0];
    if (!res) continue;
    const base = path.posix.join(path.posix.dirname(resFile), attr(res, 'BaseLoc') ?? '');
    for (const param of list(list(res.DrawParams)[0]?.DrawParam)) {
      const id = attr(param, 'ID');
      if (!id) continue;
      const width = attr(param, 'LineWidth');
      resources.drawParams.set(id, { relative: attr(param, 'Relative'), lineWidth: width === undefined ? undefined : Number(width), fill: colour(param.FillColor), stroke: colour(param.StrokeColor) });
    }
    for (const media of list(list(res.MultiMedias)[0]?.MultiMedia)) {
      const id = attr(media, 'ID');
      const file = text(media.MediaFile);
      if (id && file) resources.media.set(id, file.startsWith('/') ? file : path.posix.join(base, file));
    }
  }
  const inherited = <K extends 'lineWidth' | 'fill' | 'stroke'>(id: string | undefined, key: K): DrawParam[K] | undefined => {
    for (let at = id, depth = 0; at && depth < 8; depth++) {
      const param = resources.drawParams.get(at);
      if (param?.[key] !== undefined) return param[key];
      at = param?.relative;
    }
    return undefined;
  };

  const templates = new Map(list(common?.TemplatePage).map((template) => [attr(template, 'ID') ?? '', attr(template, 'BaseLoc') ?? '']));
  const defaultBox = numbers(text(list(common?.PageArea)[0]?.PhysicalBox));
  const annotations = new Map<string, string[]>();
  const annotsFile = typeof document?.Annotations === 'string' ? inDoc(document.Annotations) : undefined;
  if (annotsFile) {
    for (const page of list(list((await xml(annotsFile))?.Annotations)[0]?.Page)) {
      const id = attr(page, 'PageID');
      const file = text(page.FileLoc);
      if (id && file) annotations.set(id, [...(annotations.get(id) ?? []), path.posix.join(path.posix.dirname(annotsFile), file)]);
    }
  }

  const drawObjects = async (context: SKRSContext2D, holder: Node, drawParam: string | undefined) => {
    const place = (object: Node) => {
      const [x = 0, y = 0] = numbers(attr(object, 'Boundary'));
      context.translate(x, y);
      const ctm = numbers(attr(object, 'CTM'));
      if (ctm.length === 6) context.transform(...(ctm as [number, number, number, number, number, number]));
    };
    for (const object of list(holder.PathObject)) {
      context.save();
      place(object);
      tracePath(context, text(object.AbbreviatedData));
      const param = attr(object, 'DrawParam') ?? drawParam;
      if (attr(object, 'Fill') === 'true') {
        context.fillStyle = colour(object.FillColor) ?? inherited(param, 'fill') ?? '#000';
        context.fill();
      }
      if (attr(object, 'Stroke') !== 'false') {
        context.lineWidth = Number(attr(object, 'LineWidth') ?? inherited(param, 'lineWidth') ?? 0.353);
        context.strokeStyle = colour(object.StrokeColor) ?? inherited(param, 'stroke') ?? '#000';
        context.stroke();
      }
      context.restore();
    }
    for (const object of list(holder.ImageObject)) {
      const file = resources.media.get(attr(object, 'ResourceID') ?? '');
      const entry = file ? part(file) : undefined;
      if (!entry || !/\.(?:png|jpe?g|bmp|gif)$/i.test(entry.name)) continue;
      const bytes = await readPart(entry);
      // Skia decodes a picture whole: one past the size caps (by its header) is not drawn at all.
      if (!pictureFits(bytes)) continue;
      const image = await loadImage(Buffer.from(bytes)).catch(() => undefined);
      if (!image) continue;
      context.save();
      place(object);
      // An image fills the unit square its CTM maps onto the page.
      context.drawImage(image, 0, 0, 1, 1);
      context.restore();
    }
    for (const object of list(holder.TextObject)) {
      const size = Number(attr(object, 'Size') ?? 3.5);
      const param = attr(object, 'DrawParam') ?? drawParam;
      context.save();
      place(object);
      context.fillStyle = colour(object.FillColor) ?? inherited(param, 'fill') ?? '#000';
      context.font = `${attr(object, 'Weight') && Number(attr(object, 'Weight')) >= 700 ? 'bold ' : ''}${size}px ${PREVIEW_FONT_FAMILY}`;
      for (const code of list(object.TextCode).concat(typeof object.TextCode === 'string' ? [{ '#text': object.TextCode }] : [])) {
        const characters = [...text(code)];
        const dx = deltas(attr(code, 'DeltaX'));
        const dy = deltas(attr(code, 'DeltaY'));
        let x = Number(attr(code, 'X') ?? 0);
        let y = Number(attr(code, 'Y') ?? 0);
        for (const [index, character] of characters.entries()) {
          context.fillText(character, x, y);
          x += dx[index] ?? (dx.length > 0 ? 0 : context.measureText(character).width);
          y += dy[index] ?? 0;
        }
      }
      context.restore();
    }
    for (const block of list(holder.PageBlock)) await drawObjects(context, block, drawParam);
  };

  const drawContent = async (context: SKRSContext2D, page: Node | undefined) => {
    for (const layer of list(list(page?.Content)[0]?.Layer)) await drawObjects(context, layer, attr(layer, 'DrawParam'));
  };

  const pageRefs = list(list(document?.Pages)[0]?.Page);
  const pages: PreviewPage[] = [];
  for (const ref of pageRefs.slice(0, MAX_PREVIEW_PAGES)) {
    const page = list((await xml(inDoc(attr(ref, 'BaseLoc') ?? '')))?.Page)[0];
    const box = numbers(text(list(page?.Area)[0]?.PhysicalBox));
    const [, , widthMm = 210, heightMm = 297] = box.length === 4 ? box : defaultBox.length === 4 ? defaultBox : [];
    // Whatever size a page claims, its canvas stays under the cap a PDF page's has.
    const scale = Math.min(PREVIEW_WIDTH_PX / Math.max(widthMm, 1), Math.sqrt(MAX_CANVAS_PIXELS / Math.max(widthMm * heightMm, 1)));
    const canvas = createCanvas(Math.ceil(widthMm * scale), Math.ceil(heightMm * scale));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.scale(scale, scale);
    const pageTemplates = list(page?.Template).map((template) => ({ file: templates.get(attr(template, 'TemplateID') ?? ''), front: attr(template, 'ZOrder') === 'Foreground' }));
    const drawTemplates = async (front: boolean) => {
      for (const template of pageTemplates.filter((t) => t.front === front && t.file)) await drawContent(context, list((await xml(inDoc(template.file ?? '')))?.Page)[0]);
    };
    await drawTemplates(false);
    await drawContent(context, page);
    await drawTemplates(true);
    for (const file of annotations.get(attr(ref, 'ID') ?? '') ?? []) {
      for (const annot of list(list((await xml(file))?.PageAnnot)[0]?.Annot)) {
        for (const appearance of list(annot.Appearance)) {
          const [x = 0, y = 0] = numbers(attr(appearance, 'Boundary'));
          context.save();
          context.translate(x, y);
          await drawObjects(context, appearance, undefined);
          context.restore();
        }
      }
    }
    pages.push({ png: new Uint8Array(await canvas.encode('png')), width: canvas.width, height: canvas.height });
  }
  return { pages, pageCount: pageRefs.length };
}
