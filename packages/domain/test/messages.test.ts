import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  deleteConfirmMessage,
  fetchProjectsFailedMessage,
  filterCountMessage,
  projectsFoundMessage,
  timezoneUpdatedMessage,
  userDoesNotExistMessage,
} from '../src/index.ts';

describe('spec texts', () => {
  it('keeps the spec wording', () => {
    expect(MESSAGES.generic).toBe('An unexpected error occurred. Please try again later.');
    expect(MESSAGES.signupRequired).toBe('Email, password, and username are required.');
    expect(MESSAGES.newsletterSuccess).toBe('Successfully subscribed! Check your email for confirmation.');
    expect(timezoneUpdatedMessage('Tokyo')).toBe('Timezone updated to Tokyo');
    expect(fetchProjectsFailedMessage('boom')).toBe('Failed to fetch projects: boom');
    expect(userDoesNotExistMessage('ghost')).toBe('The user "ghost" does not exist.');
    expect(deleteConfirmMessage('Run')).toBe(
      'Are you sure you want to delete "Run"? This action cannot be undone.',
    );
  });

  it('pluralises counts', () => {
    expect(projectsFoundMessage(1)).toBe('1 project found');
    expect(projectsFoundMessage(0)).toBe('0 projects found');
    expect(projectsFoundMessage(12)).toBe('12 projects found');
    expect(filterCountMessage(3, 10)).toBe('3 of 10 projects found');
  });
});
