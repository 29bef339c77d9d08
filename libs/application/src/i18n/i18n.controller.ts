import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { bundleFor, countries, countriesVat, euCountriesVat, languages } from '@ticketing/i18n';
import { BundleQueryDto, LangPathDto, LanguageDto, LocalizedCountryDto, MessageBundleDto } from './i18n.schemas.js';
import { ApiValidationFailure, ZodResponse } from '@ticketing/wire';

const ONE_HOUR = 'public, max-age=3600';

@ApiTags('i18n')
@Controller('api/v2/public/i18n')
export class I18nController {
  @Get('languages')
  @Header('Cache-Control', ONE_HOUR)
  @ApiOperation({ operationId: 'getLanguages', summary: 'Languages the storefront is translated into.' })
  @ZodResponse({ status: 200, type: [LanguageDto] })
  languages(): LanguageDto[] {
    return languages();
  }

  @Get('bundle/:lang')
  @Header('Cache-Control', ONE_HOUR)
  @ApiOperation({ operationId: 'getBundle', summary: 'Every storefront message in one language (unknown languages: English).' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: MessageBundleDto })
  bundle(@Param() { lang }: LangPathDto, @Query() _query: BundleQueryDto): MessageBundleDto {
    // No system-level overrides are configured yet, so both values of withSystemOverride give the same bundle.
    return bundleFor(lang);
  }

  @Get('countries/:lang')
  @Header('Cache-Control', ONE_HOUR)
  @ApiOperation({ operationId: 'getCountries', summary: 'Every ISO-3166 country, named in the language, sorted by name.' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [LocalizedCountryDto] })
  countries(@Param() { lang }: LangPathDto): LocalizedCountryDto[] {
    return countries(lang);
  }

  @Get('countries-vat/:lang')
  @Header('Cache-Control', ONE_HOUR)
  @ApiOperation({ operationId: 'getCountriesVat', summary: 'Countries with VAT prefixes (Greece as EL).' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [LocalizedCountryDto] })
  countriesVat(@Param() { lang }: LangPathDto): LocalizedCountryDto[] {
    return countriesVat(lang);
  }

  @Get('eu-countries-vat/:lang')
  @Header('Cache-Control', ONE_HOUR)
  @ApiOperation({ operationId: 'getEuCountriesVat', summary: 'The EU member states with VAT prefixes (Greece as EL).' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [LocalizedCountryDto] })
  euCountriesVat(@Param() { lang }: LangPathDto): LocalizedCountryDto[] {
    return euCountriesVat(lang);
  }
}
