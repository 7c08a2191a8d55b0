import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { Errors, FieldError } from '../errors/domain-error';

/**
 * One entry per broken rule, every field at once — except a field that is missing: it breaks every rule
 * it has ("must be an integer", "must not be less than 0", "must not be greater than …"), which says
 * three contradictory things about a value that is not there. A missing field is one entry, `required`.
 * (Optional fields are skipped by their own rules when absent, so an absent field with errors is one the
 * body had to carry.)
 */
function flatten(errors: ValidationError[], prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.value === undefined && e.constraints && !e.children?.length) {
      out.push({ field, message: `${e.property} is required` });
      continue;
    }
    for (const message of Object.values(e.constraints ?? {})) {
      // class-validator says "property x should not exist" for unknown fields; say it plainly.
      out.push({ field, message: message.endsWith('should not exist') ? 'unknown field' : message });
    }
    if (e.children?.length) out.push(...flatten(e.children, field));
  }
  return out;
}

/**
 * DTO validation for every route: unknown fields are refused (a typo never passes silently), values are
 * transformed to the DTO's types, and failures become 400 `validation_failed` with one entry per field.
 */
@Injectable()
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      stopAtFirstError: false,
      // The value is kept on the error for flatten() to tell a missing field; it never reaches an answer.
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => Errors.validation(flatten(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const isDto = metadata.metatype && !this.isPrimitiveOrBuiltin(metadata.metatype);
    if (isDto && (metadata.type === 'body' || metadata.type === 'query')) {
      if (value === undefined || value === null || value === '') value = {};
      if (typeof value !== 'object' || Array.isArray(value)) {
        throw Errors.validation([
          { field: metadata.type, message: `the ${metadata.type} must be a JSON object` },
        ]);
      }
    }
    return super.transform(value, metadata);
  }

  private isPrimitiveOrBuiltin(metatype: unknown): boolean {
    return [String, Boolean, Number, Array, Object, Buffer, Date].includes(metatype as never);
  }
}
