import type { RecaptchaParameters } from '../components/recaptcha/recaptcha-script';

/**
 * A stand-in for Google's reCAPTCHA script at its global boundary (`window.grecaptcha`): renders a focusable
 * checkbox button per widget, hands out the parameters it was given (a test solves a widget through its
 * `callback`) and records resets.
 */
export function fakeRecaptcha() {
  const widgets: RecaptchaParameters[] = [];
  const resets: (number | undefined)[] = [];
  window.grecaptcha = {
    render: (container, parameters) => {
      widgets.push(parameters);
      const checkbox = document.createElement('button');
      checkbox.type = 'button';
      checkbox.textContent = "I'm not a robot";
      container.appendChild(checkbox);
      return widgets.length - 1;
    },
    reset: (widgetId) => void resets.push(widgetId),
  };
  return { widgets, resets };
}

export function removeFakeRecaptcha(): void {
  delete window.grecaptcha;
  document.head.querySelectorAll('script[src*="recaptcha"], meta[name="recaptcha-script"]').forEach((element) => element.remove());
}
