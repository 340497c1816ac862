/**
 * The text the speech call is asked for: the card's arabizi, which names the very word (kifak and
 * kifik share one Arabic spelling) and which the server's Lebanese voice reads; the Arabic script when
 * a word has no arabizi.
 */
export const speechText = (word: { arabicScript: string; lebanese: string }) => word.lebanese || word.arabicScript;
