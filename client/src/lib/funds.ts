/**
 * The open funds a giver may choose (issue 19; decision 0113), for every way of giving: the Give
 * tab's card gift and the wallet's Give Balance (decision 0135). Named in the member's language:
 * the language is part of the key, so a change of language refetches.
 */
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { Fund } from "@contract/giving-funds";
import type { Locale } from "@contract/i18n/locales";

export const useFunds = (locale: Locale) => useQuery<Fund[]>({ queryKey: [`${API.giving.funds()}?locale=${locale}`] });

/** The fund preselected: the church's default (the list puts it first). */
export const defaultFundId = (funds: Fund[] | undefined) => funds?.find((x) => x.isDefault)?.id ?? funds?.[0]?.id ?? "";
