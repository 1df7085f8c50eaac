import { Global, Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CsrfService } from './csrf.service';
import { PasswordService } from './password.service';
import { SessionsService } from './sessions.service';
import { ThrottleService } from './throttle.service';
import { TokenService } from './token.service';

/** Global: every feature module may revoke sessions, hash passwords or read tokens. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, CsrfService, PasswordService, SessionsService, ThrottleService, TokenService],
  exports: [AuthService, CsrfService, PasswordService, SessionsService, TokenService],
})
export class AuthModule {}
