// The newsletter sign-up form (in the footer).
export { NewsletterForm } from './newsletter-form';
