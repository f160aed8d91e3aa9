'use client';
// Pan and zoom with d3-zoom (mouse drag, wheel and trackpad, one-finger pan and pinch, double
// click). Each zoom event writes the transform straight onto the drawing's layer, never through
// React; the drawn window is re-chosen at most once a frame, and only when the view leaves it.
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export const ZOOM_EXTENT: [number, number] = [0.04, 2];

/** The part of the chart drawn (chart units), and how much detail cards get at this zoom. */
export interface DrawnWindow {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  detail: Detail;
}

export type Detail = 'near' | 'mid' | 'far';

export const detailAt = (k: number): Detail => (k >= 0.55 ? 'near' : k >= 0.22 ? 'mid' : 'far');

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useChartZoom(container: RefObject<HTMLDivElement | null>, layer: RefObject<HTMLDivElement | null>) {
  const transform = useRef<ZoomTransform>(zoomIdentity);
  const behavior = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [drawn, setDrawn] = useState<DrawnWindow | null>(null);
  const drawnRef = useRef<DrawnWindow | null>(null);
  const frame = useRef(0);
  const tween = useRef(0);

  const recull = useCallback(() => {
    frame.current = 0;
    const el = container.current;
    if (!el) return;
    const t = transform.current;
    const w = el.clientWidth / t.k;
    const h = el.clientHeight / t.k;
    const x0 = -t.x / t.k;
    const y0 = -t.y / t.k;
    const detail = detailAt(t.k);
    const now = drawnRef.current;
    // Keep the window while the view, with a quarter screen around it, stays inside.
    const inside = now && now.detail === detail && now.x0 <= x0 - w / 4 && now.y0 <= y0 - h / 4 && now.x1 >= x0 + w * 1.25 && now.y1 >= y0 + h * 1.25;
    if (inside && now.x1 - now.x0 <= w * 4) return;
    const next = { x0: x0 - w, y0: y0 - h, x1: x0 + 2 * w, y1: y0 + 2 * h, detail };
    drawnRef.current = next;
    setDrawn(next);
  }, [container]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const behaviour = d3zoom<HTMLDivElement, unknown>()
      .scaleExtent(ZOOM_EXTENT)
      .on('zoom', (event: { transform: ZoomTransform }) => {
        const t = event.transform;
        transform.current = t;
        if (layer.current) layer.current.style.transform = `translate(${t.x}px, ${t.y}px) scale(${t.k})`;
        el.dataset.zoom = t.k.toFixed(3);
        if (!frame.current) frame.current = requestAnimationFrame(recull);
      });
    behavior.current = behaviour;
    select(el).call(behaviour);
    const resize = new ResizeObserver(() => { if (!frame.current) frame.current = requestAnimationFrame(recull); });
    resize.observe(el);
    return () => {
      select(el).on('.zoom', null);
      resize.disconnect();
      cancelAnimationFrame(frame.current);
      cancelAnimationFrame(tween.current);
    };
  }, [container, layer, recull]);

  /** Moves the view to `to`, eased over a quarter second unless motion is reduced. */
  const moveTo = useCallback((to: ZoomTransform, animate = true) => {
    const el = container.current;
    const b = behavior.current;
    if (!el || !b) return;
    cancelAnimationFrame(tween.current);
    const from = transform.current;
    if (!animate || reducedMotion()) {
      b.transform(select(el), to);
      return;
    }
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / 250);
      const e = 1 - (1 - p) ** 3;
      const k = from.k + (to.k - from.k) * e;
      b.transform(select(el), zoomIdentity.translate(from.x + (to.x - from.x) * e, from.y + (to.y - from.y) * e).scale(k));
      if (p < 1) tween.current = requestAnimationFrame(step);
    };
    tween.current = requestAnimationFrame(step);
  }, [container]);

  const size = () => ({ w: container.current?.clientWidth ?? 0, h: container.current?.clientHeight ?? 0 });

  /** Centres a chart point (at zoom `k`, default the current one). */
  const centreOn = useCallback((x: number, y: number, k = transform.current.k, animate = true) => {
    const { w, h } = size();
    const kk = Math.min(ZOOM_EXTENT[1], Math.max(ZOOM_EXTENT[0], k));
    moveTo(zoomIdentity.translate(w / 2 - x * kk, h / 2 - y * kk).scale(kk), animate);
  }, [moveTo]); // eslint-disable-line react-hooks/exhaustive-deps

  const zoomBy = useCallback((factor: number) => {
    const el = container.current;
    if (el && behavior.current) {
      if (reducedMotion()) behavior.current.scaleBy(select(el), factor);
      else {
        const { w, h } = size();
        const t = transform.current;
        const k = Math.min(ZOOM_EXTENT[1], Math.max(ZOOM_EXTENT[0], t.k * factor));
        const cx = (w / 2 - t.x) / t.k;
        const cy = (h / 2 - t.y) / t.k;
        moveTo(zoomIdentity.translate(w / 2 - cx * k, h / 2 - cy * k).scale(k));
      }
    }
  }, [container, moveTo]); // eslint-disable-line react-hooks/exhaustive-deps

  const panBy = useCallback((dx: number, dy: number) => {
    const t = transform.current;
    moveTo(zoomIdentity.translate(t.x + dx, t.y + dy).scale(t.k), false);
  }, [moveTo]);

  /** Fits a box of the chart in view, with a margin, no closer than zoom 1. */
  const fit = useCallback((box: { x: number; y: number; width: number; height: number }, animate = true) => {
    const { w, h } = size();
    if (!w || !h) return;
    const k = Math.min(1, (w - 48) / Math.max(box.width, 1), (h - 48) / Math.max(box.height, 1));
    centreOn(box.x + box.width / 2, box.y + box.height / 2, k, animate);
  }, [centreOn]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Whether a chart box is fully in view (with a margin). */
  const inView = useCallback((box: { x: number; y: number; width: number; height: number }) => {
    const { w, h } = size();
    const t = transform.current;
    const left = box.x * t.k + t.x, top = box.y * t.k + t.y;
    return left >= 16 && top >= 16 && left + box.width * t.k <= w - 16 && top + box.height * t.k <= h - 16;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  /** Shifts the view so a chart point keeps its place on screen after the layout changed under it. */
  const keepInPlace = useCallback((before: { x: number; y: number }, after: { x: number; y: number }) => {
    const t = transform.current;
    moveTo(zoomIdentity.translate(t.x - (after.x - before.x) * t.k, t.y - (after.y - before.y) * t.k).scale(t.k), false);
  }, [moveTo]);

  return { drawn, transform, centreOn, zoomBy, panBy, fit, inView, keepInPlace };
}
