/** Nest injection tokens for values built outside the DI container. */
export const ENV = Symbol('ENV');
