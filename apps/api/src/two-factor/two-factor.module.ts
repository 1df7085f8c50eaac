import { Module } from '@nestjs/common';
import { AccountThrottleService } from '../account/account-throttle.service';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorService } from './two-factor.service';

@Module({ controllers: [TwoFactorController], providers: [TwoFactorService, AccountThrottleService] })
export class TwoFactorModule {}
