/**
 * Every word the server itself says to visitors, in one catalogue, as the problems authors see are
 * in config/codes.ts: the platform's own pages (an address no site answers, a site that cannot be
 * shown, an error), the problems a refused post or request is answered with (in JSON for a script),
 * and the sentences of the pages the platform shows in a site's look. A block's own messages stay
 * with the block. Each message is plain words ending in punctuation, never a code or a stack trace;
 * one that takes values is a function of them. A test keeps them so (messages.test.ts).
 */
import { escapeHtml } from '../render/escape.ts';

/** A page of the platform's own: its heading (also its title), and what it says, as HTML. */
export interface PageWords {
  title: string;
  text: string;
}

export const MESSAGES = {
  /** The platform's own pages, in its plain look. */
  pages: {
    /** 404: no site, nor anything of the platform's, at this address. */
    noSite: {
      title: 'No site at this address',
      text: 'There is no website at this address. Check the link for a typo, or go to the <a href="/">list of sites</a>.',
    },
    /** 503: the site under this prefix did not load. */
    siteUnavailable: (prefix: string): PageWords => ({
      title: 'Site unavailable',
      text: `The website at /${escapeHtml(prefix)} cannot be shown right now. Please try again a little later.`,
    }),
    /** 400: a request without Host, a URL that cannot be decoded, any other request not understood. */
    badRequest: { title: 'Request not understood', text: 'The request could not be understood. Check the address and try again.' },
    /** 413: a post larger than its page takes. */
    tooLarge: { title: 'Too large to send', text: 'What you tried to send is larger than this site accepts. Send smaller files, or fewer at once.' },
    /** 429: too many posts from one visitor. */
    tooManyPosts: { title: 'Please wait a moment', text: 'Too many forms have been sent from here in a short time. Please wait a minute and try again.' },
    /** 429 on a site's search page. */
    tooManySearches: { title: 'Please wait a moment', text: 'Too many searches have come from here in a short time. Please wait a minute and try again.' },
    /** 431: more headers or cookies than Node reads. */
    headersTooLarge: {
      title: 'Request too large',
      text: "The request carried more headers or cookies than this site accepts. Clearing this site's cookies usually helps.",
    },
    /** 503: stored data out of reach, so a post was not taken. */
    notKept: {
      title: 'Cannot be sent right now',
      text: 'What you sent could not be kept just now, so it was not taken: nothing was saved or charged. Please try again in a few minutes, or call or e-mail us instead.',
    },
    /** 500 and any other server error. */
    serverError: { title: 'Something went wrong', text: 'The page could not be shown because of a problem on our side. Please try again in a moment.' },
  },

  /** The problem of a refused request, as JSON `{ ok: false, problem }` for a client that asks for JSON (by status). */
  problems: {
    badRequest: 'The request could not be understood.',
    tooLarge: 'What you sent is too large.',
    tooManyPosts: 'Too many forms sent from here: please wait a minute and try again.',
    notKept: 'This cannot be sent right now: nothing was saved. Please try again in a few minutes.',
    serverError: 'Something went wrong on our side.',
  },

  /** Posts to a site's pages. */
  posts: {
    /**
     * 422: a form sent sooner after it was shown than a person fills one in (its signed time stamp, the time trap).
     * The answers come back with it and a new stamp, so sending again a moment later goes through.
     */
    tooQuick: 'That was quicker than we expected from a person: check your answers and send again.',
    /** 404 (503 while the site cannot be shown): a post to an address no site answers. */
    noFormHere: 'There is no form at this address.',
    /** 404: a post to a page none of whose forms takes it. */
    noSuchForm: 'There is no such form on this page.',
    /** A file sent under a name none of the form's file questions has. */
    noFileQuestion: (name: string) => `This form has no file question called “${name}”.`,
    /** 429 while a site is flooded with posts: a window lasts at most two minutes. */
    busy: (seconds: number) => {
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      return `Too many messages are arriving right now; please try again in about ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
    },
  },

  /** A site's documents and the data its islands read. */
  documents: {
    /** 503, as plain text: a sitemap or feed of a site that cannot be shown now. */
    siteUnavailable: 'This site is unavailable for a moment.',
    /** 404, as JSON: `?_data=` names no block of the page that offers data. */
    noSuchData: 'This page has no such data.',
  },

  /** The page a contact link opens (double opt-in), by the state of the subscription. */
  contacts: {
    subscribed: (email: string, site: string) => `${email} is subscribed to news from ${site}.`,
    notSubscribed: (email: string, site: string) => `${email} is not subscribed to news from ${site}.`,
    confirm: (email: string, site: string) => `Press the button to confirm that ${email} should receive news from ${site}.`,
    confirmed: (email: string, site: string) => `Thank you: ${email} will now receive news from ${site}.`,
    unsubscribed: (email: string, site: string) => `${email} has been unsubscribed from ${site}. You will not hear from us again.`,
  },

  /** The test provider's checkout page. */
  payments: {
    testMode: 'This is a practice checkout: no card is asked for and no money moves.',
  },
} as const;
