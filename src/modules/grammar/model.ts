import * as v from 'valibot';

/** The params of GET /api/grammar/:key: a page key is lower case letters, digits and "-". */
export const GrammarKeyParams = v.object({
  key: v.pipe(
    v.string('The page key is not valid.'),
    v.maxLength(120, 'The page key is too long.'),
    v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'The page key is not valid.'),
  ),
});
