// Mantine's styles for the registration form, linked by the page as a stylesheet (the attendee
// site's CSP allows no injected <style>): the default theme's variables, then the form's widgets.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import { MantineProvider } from '@mantine/core';
import { RegistrationForm, type RegistrationFormProps } from '../ui/registration-form/registration-form.tsx';

/**
 * The studio's registration form on the attendee site: the default theme, light, with its CSS
 * variables and global classes from the stylesheet rather than from `<style>` tags Mantine would
 * inject (which the site's CSP refuses).
 */
export function AttendeeRegistrationForm(props: RegistrationFormProps) {
  return (
    <MantineProvider forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      <RegistrationForm {...props} />
    </MantineProvider>
  );
}
