/** The text the speech call is asked for: the Arabic script, which the server matches to the content. */
export const speechText = (word: { arabicScript: string; lebanese: string }) => word.arabicScript || word.lebanese;
