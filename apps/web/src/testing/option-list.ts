import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens a select (or multi-select) and answers its own option list once it shows. */
export async function openOptionList(user: UserEvent, input: HTMLElement) {
  await user.click(input);
  return waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the option list did not open');
    return found;
  });
}

/** Opens a select (or multi-select) and picks the option of its own list. */
export async function chooseOption(user: UserEvent, input: HTMLElement, option: string) {
  const listbox = await openOptionList(user, input);
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

/** Opens a menu by its button and answers it with the names of its entries, in order. */
export async function openMenu(user: Pick<UserEvent, 'click'>, button: HTMLElement) {
  await user.click(button);
  const menu = await screen.findByRole('menu');
  return {
    menu,
    entries: within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  };
}
