"""Catalogo italiano: le stesse chiavi del catalogo inglese, in italiano naturale."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # -- nomi dei giochi e delle varianti -------------------------------------------
    "game.gin": "Gin Rummy",
    "game.rummy500": "Rummy 500",
    "game.ramino": "Ramino",
    "game.ramino51": "Ramino 51",
    "game.canasta": "Canasta",
    "preset.standard": "Standard",
    "preset.straight": "Gin puro (si chiude solo con gin)",
    "preset.oklahoma": "Oklahoma",
    "preset.oklahoma_match": "Oklahoma (carta di bussata da un secondo mazzo)",
    "preset.hollywood": "Hollywood",
    "preset.tournament": "Torneo (al meglio di 5, a 250 punti)",
    "preset.multi_game": "Incontro su più partite fino a 500",
    "preset.mahjong": "Gin Mahjong",
    "preset.german": "Gin tedesco",
    # -- comandi ----------------------------------------------------------------------
    "cmd.rummy": "Gioca a ramino e ai suoi parenti",
    "cmd.new": "Apri un nuovo tavolo in questo canale",
    "cmd.new.game": "A quale gioco giocare",
    "cmd.new.preset": "Quali regole della casa usare",
    "cmd.leaderboard": "Mostra i migliori giocatori del server",
    "cmd.stats": "Mostra i risultati di un giocatore",
    "cmd.settings": "Modifica le impostazioni del bot su questo server",
    # -- tavolo in attesa ----------------------------------------------------------------
    "lobby.title": "{game}: nuovo tavolo",
    "lobby.created_by": "Aperto da {name}",
    "lobby.rules": "Regole: {preset}",
    "lobby.players": "Giocatori ({count}/{max})",
    "lobby.empty_seat": "posto libero",
    "lobby.computer_seat": "{name} (computer)",
    "lobby.waiting": (
        "In attesa di giocatori. Chi ha aperto il tavolo avvia la partita "
        "quando tutti hanno preso posto."
    ),
    "lobby.button.join": "Partecipa",
    "lobby.button.leave": "Esci",
    "lobby.button.add_computer": "Aggiungi computer",
    "lobby.button.remove_computer": "Togli computer",
    "lobby.button.start": "Inizia",
    "lobby.button.settings": "Impostazioni",
    "lobby.button.abandon": "Annulla partita",
    "lobby.joined": "{name} prende posto al tavolo.",
    "lobby.left": "{name} lascia il tavolo.",
    "lobby.computer_added": "Un giocatore computer prende posto al tavolo.",
    "lobby.you_joined": (
        "Hai un posto al tavolo. La partita comincia quando chi l'ha aperto preme Inizia."
    ),
    "lobby.already_seated": "Hai già un posto a questo tavolo.",
    "lobby.full": "Il tavolo è al completo.",
    "lobby.need_players": "Per questa partita servono almeno {min} giocatori.",
    "lobby.too_many_players": "A questo gioco si gioca al massimo in {max}.",
    "lobby.only_host_start": (
        "Solo chi ha aperto il tavolo o un membro con il permesso Gestisci server "
        "può avviare la partita."
    ),
    "lobby.only_host_abandon": (
        "Solo chi ha aperto il tavolo o un membro con il permesso Gestisci server "
        "può annullare la partita."
    ),
    "lobby.only_host_settings": (
        "Solo chi ha aperto il tavolo o un membro con il permesso Gestisci server "
        "può cambiare le regole."
    ),
    "lobby.already_running": "In questo canale c'è già una partita in corso.",
    "lobby.not_seated": "Non hai un posto in questa partita.",
    "lobby.started": "La partita è iniziata! Comincia {name}.",
    "lobby.abandoned": "{name} ha annullato la partita.",
    "lobby.thread_name": "{game} n. {number}",
    # -- impostazioni del server ------------------------------------------------------------
    "settings.title": "Impostazioni",
    "settings.language": "Lingua: {language}",
    "settings.language.auto": "la lingua di Discord di ciascun membro",
    "settings.threads.on": "Ogni partita ha il suo thread.",
    "settings.threads.off": "Le partite si giocano direttamente nel canale.",
    "settings.hand.dm": "Le carte arrivano in messaggio privato.",
    "settings.hand.channel": "Le carte si vedono con il pulsante La mia mano.",
    "settings.turn_time": "Tempo per turno: {seconds} secondi",
    "settings.untimed": "Nessun limite di tempo per turno",
    "settings.saved": "Impostazioni salvate.",
    "settings.only_managers": (
        "Solo i membri con il permesso Gestisci server possono modificare queste impostazioni."
    ),
    # -- messaggio del tavolo --------------------------------------------------------------------
    "table.title": "{game}: mano {number}",
    "table.turn_of": "Tocca a {name}",
    "table.stock": "Mazzo: {count} carte",
    "table.discard_pile": "Pila degli scarti",
    "table.discard_empty": "Non ci sono scarti.",
    "table.upcard": "Carta scoperta: {card}",
    "table.cards_in_hand": "{name}: {count} carte",
    "table.score_line": "{name}: {points} punti",
    "table.target": "Vince chi arriva per primo a {target} punti.",
    "table.button.my_hand": "La mia mano",
    # -- il turno ------------------------------------------------------------------------------------
    "turn.your_turn": "Tocca a te.",
    "turn.upcard_choice": "Tocca a te: prendi la carta scoperta {card} oppure passa.",
    "turn.draw_choice": "Tocca a te: pesca dal mazzo o prendi lo scarto {card}.",
    "turn.draw_only": "Tocca a te: pesca dal mazzo.",
    "turn.discard_choice": "Scegli la carta da scartare, oppure bussa se puoi.",
    "turn.waiting_for": "In attesa di {name}.",
    "action.draw_stock": "Pesca dal mazzo",
    "action.take_discard": "Prendi lo scarto ({card})",
    "action.pass_upcard": "Passa",
    "action.take_upcard": "Prendi la carta scoperta ({card})",
    "action.discard": "Scarta",
    "action.discard_card": "Scarta {card}",
    "action.discard_placeholder": "Scegli la carta da scartare",
    "action.knock": "Bussa",
    "action.knock_card": "Bussa scartando {card}",
    "action.knock_placeholder": "Scegli la carta da scartare per bussare",
    "action.deadwood_after": "Ti restano {points} punti in mano",
    "action.gin": "Gin",
    "action.gin_card": "Gin scartando {card}",
    "action.big_gin": "Big gin",
    "action.sort_suit": "Ordina per seme",
    "action.sort_rank": "Ordina per valore",
    # -- rifiuti ----------------------------------------------------------------------------------------
    "error.too_late": "Troppo tardi: qualcuno è stato più veloce, o l'occasione è passata.",
    "claim.choose": "Su quale combinazione va la carta?",
    "claim.won": "Rummy! La carta è tua.",
    "error.move_unavailable": "Questa mossa non è più disponibile.",
    "error.not_your_turn": "Non è il tuo turno.",
    "error.wrong_phase": "Adesso non puoi farlo.",
    "error.taken_card_discard": "Non puoi scartare la carta che hai appena preso dagli scarti.",
    "error.knock_too_high": "Puoi bussare solo con al massimo {limit} punti in mano.",
    "error.gin_only": "Questa mano si può chiudere solo con gin.",
    "error.unknown_card": "«{text}» non è una carta che conosco.",
    "error.card_not_in_hand": "Non hai {card} in mano.",
    "error.invalid_option": "{value} non è un valore valido per {option}.",
    "error.invalid_meld": "Queste carte non formano una combinazione valida.",
    "error.game_over": "Questa partita è finita.",
    "error.no_game": "In questo canale non c'è nessuna partita.",
    "error.generic": "Qualcosa è andato storto. Riprova.",
    "error.dms_closed": (
        "{mention}, non riesco a mandarti messaggi privati. "
        "Usa il pulsante **La mia mano** sul tavolo per vedere le tue carte."
    ),
    "error.missing_permission": (
        "Mi manca il permesso **{permission}** in questo canale. "
        "Chiedi a un amministratore del server di concederlo."
    ),
    # Names as the Italian Discord client shows them in the role settings.
    "perm.view_channel": "Visualizza canali",
    "perm.send_messages": "Invia messaggi",
    "perm.send_messages_in_threads": "Invia messaggi nei thread",
    "perm.create_public_threads": "Crea thread pubblici",
    "perm.embed_links": "Incorpora link",
    "perm.attach_files": "Allega file",
    "perm.read_message_history": "Leggi la cronologia dei messaggi",
    "perm.manage_guild": "Gestisci server",
    # -- tempo ---------------------------------------------------------------------------------------------
    "timer.reminder": "{mention}, tocca a te: restano {seconds} secondi.",
    "timer.auto_played": "Tempo scaduto: il computer ha giocato al posto di {name}.",
    "timer.replaced": (
        "Un giocatore computer ha preso il posto di {name}. "
        "{name}, premi **Torno a giocare** per riprendere la partita."
    ),
    "timer.button.back": "Torno a giocare",
    "timer.welcome_back": "{name} torna in partita.",
    "timer.not_replaced": "Nessuno sta giocando al posto tuo.",
    # -- eventi -----------------------------------------------------------------------------------------------
    "event.new_hand": "Mano {number}: distribuisce {name}.",
    "event.misdeal": "Un giocatore potrebbe bussare subito con le carte ricevute: si ridistribuisce.",
    "event.drew_stock": "{name} pesca dal mazzo.",
    "event.took_discard": "{name} prende {card} dagli scarti.",
    "event.took_deep": "{name} prende {card} dal fondo degli scarti e mostra la combinazione {meld}.",
    "event.took_upcard": "{name} prende la carta scoperta {card}.",
    "event.passed_upcard": "{name} rinuncia alla carta scoperta.",
    "event.discarded": "{name} scarta {card}.",
    "event.knocked": "{name} bussa con {deadwood} punti in mano!",
    "event.gin": "{name} fa gin!",
    "event.big_gin": "{name} dichiara big gin!",
    "event.laid_off": "{name} attacca {cards}.",
    "event.dead_hand": "Nel mazzo restano solo due carte: mano nulla, nessuno segna punti.",
    "event.undercut": "Undercut! {name} ha {deadwood} punti in mano, non più di chi ha bussato.",
    "event.hand_won": "{name} vince la mano e segna {points} punti.",
    "event.hand_no_winner": "In questa mano nessuno segna punti.",
    "event.hand_score_line": "{name}: {deadwood} punti in mano, totale {total}",
    "event.bonus_gin": "Bonus gin: {points}",
    "event.bonus_big_gin": "Bonus big gin: {points}",
    "event.bonus_undercut": "Bonus undercut: {points}",
    "event.bonus_game": "Bonus partita: {points}",
    "event.bonus_line": "Bonus mani vinte ({hands}): {points}",
    "event.shutout": "Cappotto: i punti delle mani di {name} raddoppiano.",
    "event.spade_double": (
        "La carta di bussata è di picche: i punti di questa mano valgono doppio."
    ),
    "event.game_over": "Partita finita!",
    "event.winner": "{name} vince la partita con {points} punti!",
    "event.final_score_line": "{name}: {points} punti",
    # -- carta di bussata (Oklahoma) ---------------------------------------------------------------------------
    "oklahoma.knock_card": (
        "Carta di bussata: {card}. Si può bussare con al massimo {limit} punti in mano."
    ),
    "oklahoma.knock_card_ace": "Carta di bussata: {card}. Questa mano si chiude solo con gin.",
    "oklahoma.knock_card_spade": "Carta di bussata: {card}, di picche: questa mano vale doppio.",
    # -- mano privata ------------------------------------------------------------------------------------------------
    "hand.title": "La tua mano: {game}",
    "hand.deadwood": "Punti in mano: {points}",
    "hand.melds": "Combinazioni",
    "hand.set": "Tris",
    "hand.run": "Scala",
    "hand.unmatched": "Carte spaiate",
    "hand.only_you": "Solo tu puoi vedere questo messaggio.",
    "hand.dm_sent": "Ti ho mandato le tue carte in messaggio privato.",
    "hand.open_dm": "Le tue carte per la partita in {channel}.",
    # -- classifica e statistiche -----------------------------------------------------------------------------------
    "lb.title": "Classifica: {game}",
    "lb.player": "Giocatore",
    "lb.games": "Partite",
    "lb.wins": "Vittorie",
    "lb.win_rate": "% vittorie",
    "lb.points": "Punti",
    "lb.no_games": "Nessuna partita giocata finora.",
    "stats.title": "Statistiche di {name}",
    "stats.game": "Gioco",
    "stats.no_games": "{name} non ha ancora giocato nessuna partita.",
    # -- cog del gin: aggiunte per la partita giocabile ---------------------------------
    "table.points": "{points} punti",
    "table.hollywood": "P1 {g1} · P2 {g2} · P3 {g3}",
    "table.best_of": "{points} · partite vinte: {games}",
    "table.multi_game": "{points} · incontro: {match}",
    "table.dealer": "mazziere",
    "table.winner": "{name} vince la partita!",
    "action.deep_placeholder": "Prendi una carta più in basso negli scarti",
    "hand_end.title": "Mano {number}: {what}",
    "hand_end.dead": "mano nulla",
    "lobby.started_short": "La partita è cominciata.",
    "lobby.you_left": "Hai lasciato il tavolo.",
    "lobby.computer_name": "Computer {number}",
    "rules.gin.goal": "Forma tris e scale; a ogni turno pesca una carta e scartane una.",
    "rules.gin.knock_none": "Niente bussata: solo il gin chiude la mano.",
    "rules.gin.knock_oklahoma": (
        "Oklahoma: la carta scoperta fissa il limite per bussare; un asso vuol dire solo gin."
    ),
    "rules.gin.knock_fixed": "Puoi bussare con al massimo {limit} punti di scarto.",
    "rules.gin.bonuses": "Premio gin {gin}, premio sottotaglio {undercut}.",
    "rules.gin.big_gin": "Il big gin (tutte e undici le carte combinate) vale un premio di {bonus}.",
    "rules.gin.target": (
        "Vince chi arriva per primo a {target}; premio partita {game}, {line} per mano vinta."
    ),
    "stats.line": "{game}: {games} partite, {wins} vinte ({rate}), {points} punti",
}
