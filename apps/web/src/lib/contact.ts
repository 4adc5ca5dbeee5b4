/** Where people write to Kept (the footer, About and Help show it). */
export const SUPPORT_EMAIL = 'support@kept.app';
