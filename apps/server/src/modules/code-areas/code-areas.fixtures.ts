/** The answer to code in the Head area with a tag no area allows (a `<div>`). */
export const restrictedTagRefusal = {
  status: 400,
  body: {
    message: 'Use of this tag is not allowed',
    code: 'VALIDATION_ERROR',
    errors: { head: ['Use of this tag is not allowed'] },
  },
};
