export * from './installed-apps.module';
export * from './entities';
export { InstalledAppGrantsService } from './installed-app-grants.service';
export { INSTALLED_APPS_PURGE_RULES } from './purge-rules';
export { InstallationEventDto } from './dto/installation.dto';
