/**
 * @module
 * Small pieces every platform's decoding shares: reading fields of a JSON answer (a shape the
 * platform does not document is a `WireError`, hence a 502), and exact identifiers kept only
 * when they are well formed.
 */
import { WireError } from '../shared/wire.ts';
import type { LinkMetadata } from '../../domain/links.ts';

export type LinkKind = LinkMetadata['type'];

/** What a cached platform call is keyed on: the item's kind and platform id. */
export interface ItemKey {
  type: LinkKind;
  id: string;
}

export function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WireError(`${what} is not an object`);
  return value as Record<string, unknown>;
}

/** A non-empty string field. */
export function string(o: Record<string, unknown>, field: string): string {
  const value = o[field];
  if (typeof value !== 'string' || value.trim() === '') throw new WireError(`${field} is not a non-empty string`);
  return value;
}

export function optionalString(o: Record<string, unknown>, field: string): string | null {
  const value = o[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** An ISRC in its 12-character upper-case form, or null. */
export function isrcOf(value: string | null): string | null {
  if (value === null) return null;
  const isrc = value.replace(/-/g, '').trim().toUpperCase();
  return ISRC.test(isrc) ? isrc : null;
}

/** A UPC/EAN as the platform wrote it (8 to 14 digits, leading zeros kept), or null. */
export function upcOf(value: string | null): string | null {
  if (value === null) return null;
  const upc = value.trim();
  return /^\d{8,14}$/.test(upc) ? upc : null;
}
