import { Query, Resolver } from 'type-graphql';
import { Public } from '../graphql/access';
import { CaptchaService } from './captcha.service';

/** The CAPTCHA's challenge (docs/graphql-api.md "CAPTCHA"); sign-up and checkout take the solution in their input. */
@Resolver()
export class CaptchaResolver {
  constructor(private readonly captcha: CaptchaService) {}

  @Public()
  @Query(() => String, {
    description:
      'A new ALTCHA proof-of-work challenge (JSON), signed and valid for 10 minutes. Solve it and send the payload ' +
      '(base64) as `captcha` of signUp or placeOrder when the store asks for one (BAD_USER_INPUT on `captcha`).',
  })
  captchaChallenge(): Promise<string> {
    return this.captcha.challenge();
  }
}
