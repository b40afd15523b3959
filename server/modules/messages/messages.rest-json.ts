import { z } from 'zod';
import { INBOX_PAGE_SIZES, MESSAGE_FOLDERS, SEARCH_MAX } from '@contract/messages';
import type { MessagePageModel, MessageView } from './messages.service';
import { folderOf } from './messages.store';

/** Download URL of an attachment (same as GraphQL `MessageAttachment.downloadUrl`). */
const attachmentUrl = (id: number) => `/webportal/download?attachment=${id}`;

/**
 * A message as the REST methods answer it: `{ id, folder, counterpart, subject, body, origin, sentAt, unread, readAt,
 * attachments: [{ id, fileName, contentType, size, downloadUrl }] }` (ids as strings, size in bytes, instants ISO).
 */
export function messageJson(m: MessageView) {
  return {
    id: String(m.id),
    folder: folderOf(m),
    counterpart: m.counterpart,
    subject: m.subject,
    body: m.body,
    origin: m.origin,
    sentAt: m.sentAt,
    unread: m.direction === 'INBOUND' && m.readAt === null,
    readAt: m.readAt,
    attachments: m.attachments.map((a) => ({ id: String(a.id), fileName: a.fileName, contentType: a.contentType, size: a.sizeBytes, downloadUrl: attachmentUrl(a.id) })),
  };
}

/** A page as REST answers it: `{ nodes, totalCount, unreadCount, page, pageSize, pageCount }`. */
export function messagePageJson(p: MessagePageModel) {
  return { ...p, nodes: p.nodes.map(messageJson) };
}

const formInt = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number),
]);

/** Body of REST `getMessages` (form or JSON): folder RECEIVED/SENT/BOARD (BOARD only for a board member: 403), page, pageSize 10/25/50, search, unreadOnly. */
export const getMessagesRestInput = z.object({
  folder: z.enum(MESSAGE_FOLDERS).default('RECEIVED'),
  page: formInt.default(1),
  pageSize: formInt.refine((n) => (INBOX_PAGE_SIZES as readonly number[]).includes(n)).default(INBOX_PAGE_SIZES[0]),
  search: z.string().max(SEARCH_MAX).optional(),
  unreadOnly: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1')]).optional(),
});
