/** Socket.IO server → client events (ARCHITECTURE.md). Payloads never carry prices. */
export interface NotificationView {
  _id: string;
  username: string;
  email: string;
  description: string;
  date: string;
  read_status: boolean;
}

export interface ClientEventMap {
  'notification.created': NotificationView;
  'session.revoked': { reason: 'logout' | 'password_changed' | 'disabled' | 'deleted' | 'revoked' };
  'catalogue.changed': {
    categoryId: string | null;
    productId: string | null;
    kind: 'product' | 'variants' | 'files' | 'catalogue';
  };
  'file.processed': { fileId: string; status: 'ready' | 'rejected'; reason?: string };
  'presence.changed': { productId: string; editors: { userId: string; username: string }[] };
  /** Companies/users changed: lists showing them refetch (to superadmins and the company's room). */
  'org.changed': { entity: 'company' | 'user'; action: 'created' | 'updated' | 'deleted'; companyId: string | null };
}

export type ClientEventName = keyof ClientEventMap;

/** Rooms a socket joins after its handshake. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  company: (companyId: string) => `company:${companyId}`,
  role: (role: string) => `role:${role}`,
  session: (sessionId: string) => `session:${sessionId}`,
} as const;

/** A message for the realtime bus: whichever API instance holds the room delivers it. */
export interface RealtimeMessage<E extends ClientEventName = ClientEventName> {
  /** One room, or several: a socket in more than one of them still gets the message once. */
  room: string | string[];
  event: E;
  data: ClientEventMap[E];
  /** Close the room's sockets after delivering (session revocation). */
  disconnect?: boolean;
}
