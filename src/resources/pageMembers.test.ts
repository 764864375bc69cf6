import { describe, expect, it } from 'vitest';
import type { Schema } from '../contract/resourceSchemas.js';
import { pageMembers } from './pageMembers.js';

const answer: Schema = {
  type: 'object',
  required: ['items', 'hasNextPage', 'nextPageToken'],
  properties: {
    items: { type: 'array', items: { type: 'object' } },
    hasNextPage: { type: 'boolean' },
    has_previous: { type: 'boolean' },
    totalCount: { type: 'integer' },
    nextPageToken: { type: 'string' },
    next_page: { type: 'integer', nullable: true },
    prev: { type: 'string' },
    page: { type: 'string' },
    meta: { type: 'object', properties: { page_size: { type: 'integer' }, total_pages: { type: 'integer' } } },
  },
};

describe("a list's pagination members", () => {
  it('say there is no next page on an empty one, in the way each schema allows', () => {
    expect(pageMembers(answer, 'items', { total: 0, start: 0, end: 0, size: 10, cursorAt: String })).toEqual({
      hasNextPage: false,
      has_previous: false,
      totalCount: 0,
      nextPageToken: '',
      next_page: null,
      prev: undefined,
      meta: { page_size: 10, total_pages: 0 },
    });
  });

  it('name the next page, and the previous, in the middle of a list', () => {
    expect(pageMembers(answer, 'items', { total: 25, start: 10, end: 20, size: 10, cursorAt: String })).toMatchObject({
      hasNextPage: true,
      has_previous: true,
      totalCount: 25,
      nextPageToken: '20',
      next_page: 3,
      prev: '0',
      meta: { page_size: 10, total_pages: 3 },
    });
  });
});
