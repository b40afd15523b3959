import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

export const captchaResolvers: Resolvers = {
  Query: {
    captchaChallenge(_p, _a, ctx) {
      return ctx.deps.captcha.challenge();
    },
  },
};
