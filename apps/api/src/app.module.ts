import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { createDataSource } from '@portal/db';
import type { Env } from '@portal/platform';
import { ENV } from './infra/tokens';
import { AuthModule } from './auth/auth.module';
import { AuthGuard } from './auth/auth.guard';
import { CsrfGuard } from './auth/csrf.guard';
import { RealtimeModule } from './realtime/realtime.module';
import { SystemController } from './system/system.controller';
import { FEATURE_MODULES } from './features';

@Module({})
export class AppModule {
  static forRoot(env: Env): DynamicModule {
    const providers: Provider[] = [
      { provide: ENV, useValue: env },
      {
        provide: DataSource,
        useFactory: () =>
          createDataSource({
            url: env.DATABASE_URL,
            applicationName: 'portal-api',
            poolSize: env.DATABASE_POOL_SIZE ?? 20,
          }).initialize(),
      },
    ];
    return {
      module: AppModule,
      global: true,
      imports: [AuthModule, RealtimeModule, ...FEATURE_MODULES],
      controllers: [SystemController],
      providers: [
        ...providers,
        // Order matters: authenticate first, then check the CSRF token against the session.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: CsrfGuard },
      ],
      exports: [ENV, DataSource],
    };
  }
}
