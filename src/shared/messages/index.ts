/**
 * Every user-facing string, keyed, one file per audience: forms (sign-up and contact), api (request
 * problems), admin and insights (the owner's dashboard), reader (the site's interface). Import from
 * here or from the audience's file; new areas add their own file here and a line below.
 */
export * from './notice.ts';
export * from './forms.ts';
export * from './api.ts';
export * from './admin.ts';
export * from './insights.ts';
export * from './reader.ts';
